import { useEffect, useId, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { entryInputKind, INPUT_MAX_LENGTH, INTEGER_INPUT_MAX_LENGTH, sanitizeEntryText } from "../../domain/entryInput";
import type { EnumType, Field } from "../../domain/model";
import { intlLocale } from "../../i18n/intlLocale";

const INPUT_TYPES = { date: "date", datetime: "datetime-local", time: "time", timestamp: "datetime-local", email: "email", phone: "tel" } as const;

/**
 * The input of a cell in edit mode, by the field's kind (spec §5 sanitisers while typing;
 * dates and times in the browser's localized fields). Enter saves and moves down, Tab saves
 * and moves along, Escape leaves without saving; a refusal shows under the input.
 */
export function CellEditor(props: {
  field: Field;
  label: string;
  enums: readonly EnumType[];
  draft: string;
  saving: boolean;
  error: string | null;
  onDraft(draft: string): void;
  onCommit(then: "down" | "right" | "left" | "stay"): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const kind = entryInputKind(props.field);

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    // Typing replaced the content: the caret goes after what was typed (email inputs have no caret API).
    if (input instanceof HTMLInputElement && ["text", "tel", "search"].includes(input.type)) input.setSelectionRange(input.value.length, input.value.length);
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === "Escape") {
      event.preventDefault();
      props.onCancel();
    } else if (event.key === "Enter") {
      event.preventDefault();
      props.onCommit("down");
    } else if (event.key === "Tab") {
      event.preventDefault();
      props.onCommit(event.shiftKey ? "left" : "right");
    }
  };

  const common = {
    ref: inputRef,
    className: "data-grid-input",
    "aria-label": props.label,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": props.error ? errorId : undefined,
    // Not disabled while saving: that would take the focus away, and Escape with it.
    "aria-busy": props.saving || undefined,
    onKeyDown,
    "data-testid": "cell-input",
  };

  const enumValues = kind === "enum" ? (props.enums.find((enumType) => enumType.id === props.field.typeId)?.values ?? []) : [];
  return (
    <div className="data-grid-editor">
      {kind === "boolean" || kind === "enum" ? (
        <select {...common} value={props.draft} onChange={(event) => !props.saving && props.onDraft(event.target.value)}>
          <option value="">{intl.formatMessage({ id: "data.grid.noValue" })}</option>
          {kind === "boolean"
            ? ["true", "false"].map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))
            : enumValues.map((value) => (
                <option key={value.name} value={value.name}>
                  {value.name}
                </option>
              ))}
        </select>
      ) : (
        <input
          {...common}
          type={kind in INPUT_TYPES ? INPUT_TYPES[kind as keyof typeof INPUT_TYPES] : "text"}
          inputMode={kind === "integer" ? "numeric" : kind === "number" ? "decimal" : undefined}
          // A timestamp is kept to the second.
          step={kind === "timestamp" ? 1 : undefined}
          maxLength={kind === "integer" ? INTEGER_INPUT_MAX_LENGTH : INPUT_MAX_LENGTH}
          value={props.draft}
          readOnly={props.saving}
          onChange={(event) => props.onDraft(sanitizeEntryText(props.field, event.target.value, intlLocale(intl)))}
        />
      )}
      {props.saving && (
        <span className="data-grid-saving" data-testid="cell-saving">
          <FormattedMessage id="data.grid.saving" />
        </span>
      )}
      {props.error && (
        <span className="data-grid-error" id={errorId} role="alert" data-testid="cell-error">
          {props.error}
        </span>
      )}
    </div>
  );
}
