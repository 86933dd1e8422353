import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Button } from "../../ui/Button";
import { useAnnounce } from "../../ui/LiveRegion";

/** Copies text to the clipboard and says so (spec §8: a failed clipboard write is only logged). */
export function useCopy() {
  const intl = useIntl();
  const announce = useAnnounce();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(text);
      announce(intl.formatMessage({ id: "project.settings.copied" }));
    } catch {
      console.warn("copying to the clipboard failed");
    }
  };
  return { copy, copied };
}

/** A read-only value with a copy button (project id, GraphQL and realtime URLs). */
export function CopyField(props: { label: string; value: string | null | undefined; testId: string; emptyText: string }) {
  const { copy, copied } = useCopy();
  const intl = useIntl();
  return (
    <div className="field settings-copy-field">
      <span className="settings-label" id={`${props.testId}-label`}>
        {props.label}
      </span>
      {props.value ? (
        <span className="settings-copy-value">
          <code data-testid={props.testId} aria-labelledby={`${props.testId}-label`}>
            {props.value}
          </code>
          <Button
            onClick={() => void copy(props.value!)}
            aria-label={intl.formatMessage({ id: "project.settings.copyLabel" }, { what: props.label })}
            data-testid={`${props.testId}-copy`}
          >
            <FormattedMessage id={copied === props.value ? "project.settings.copied" : "project.settings.copy"} />
          </Button>
        </span>
      ) : (
        <span className="field-hint" data-testid={props.testId}>
          {props.emptyText}
        </span>
      )}
    </div>
  );
}
