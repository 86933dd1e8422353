import { useCallback, useId } from "react";
import { FormattedMessage } from "react-intl";
import type { EnumType, Field } from "../../domain/model";
import { FieldInput } from "../../fields/FieldInput";

/** Inputs whose caret can be placed (email and date inputs have no caret API). */
const hasCaret = (element: HTMLElement): element is HTMLInputElement | HTMLTextAreaElement =>
  element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && ["text", "tel", "search", "url"].includes(element.type));

/**
 * A cell in edit mode: the field kind's input (the one the record form shows, src/fields/) with
 * the grid's keyboard. Enter saves and moves down, Tab saves and moves along, Escape leaves
 * without saving; a refusal shows under the input.
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
  const errorId = useId();

  // Typing started the edit and replaced the content: the caret goes after what was typed.
  const focusOnMount = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    element.focus();
    if (hasCaret(element)) element.setSelectionRange(element.value.length, element.value.length);
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

  return (
    <div className="data-grid-editor">
      <FieldInput
        field={props.field}
        enums={props.enums}
        text={props.draft}
        onChange={props.onDraft}
        inline
        control={{
          ref: focusOnMount,
          className: "data-grid-input",
          "aria-label": props.label,
          "aria-invalid": props.error ? true : undefined,
          "aria-describedby": props.error ? errorId : undefined,
          // Not disabled while saving: that would take the focus away, and Escape with it.
          "aria-busy": props.saving || undefined,
          readOnly: props.saving,
          onKeyDown,
          "data-testid": "cell-input",
        }}
      />
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
