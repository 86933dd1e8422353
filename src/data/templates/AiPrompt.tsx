import { useId, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { SCHEMA_PROMPT_MAX_LENGTH } from "../../domain/project";
import { Button } from "../../ui/Button";

/** The AI prompt: at most 256 characters; the button is disabled while empty or working (spec §5). */
export function AiPrompt(props: { working: boolean; disabled: boolean; onGenerate(prompt: string): void }) {
  const intl = useIntl();
  const id = useId();
  const [prompt, setPrompt] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (prompt.trim() && !props.working && !props.disabled) props.onGenerate(prompt.trim());
  };
  return (
    <form className="ai-prompt" onSubmit={submit} noValidate data-testid="ai-prompt">
      <label htmlFor={id}>
        <FormattedMessage id="data.templates.aiLabel" />
      </label>
      <div className="ai-prompt-row">
        <textarea
          id={id}
          value={prompt}
          rows={2}
          maxLength={SCHEMA_PROMPT_MAX_LENGTH}
          placeholder={intl.formatMessage({ id: "data.templates.aiPlaceholder" })}
          onChange={(event) => setPrompt(event.target.value.slice(0, SCHEMA_PROMPT_MAX_LENGTH))}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) submit(event);
          }}
          aria-describedby={`${id}-count`}
          data-testid="ai-prompt-input"
        />
        <Button type="submit" variant="primary" disabled={!prompt.trim() || props.disabled} busy={props.working} data-testid="ai-prompt-submit">
          <FormattedMessage id={props.working ? "data.templates.aiWorking" : "data.templates.aiSubmit"} />
        </Button>
      </div>
      <div id={`${id}-count`} className="field-hint">
        <FormattedMessage id="data.templates.aiCount" values={{ count: prompt.length, max: SCHEMA_PROMPT_MAX_LENGTH }} />
      </div>
    </form>
  );
}
