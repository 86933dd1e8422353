import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useIntl } from "react-intl";
import type { ReferenceOption } from "../../domain/flows/references";
import { insertReference, openReference } from "./referenceTyping";

/** Suggestions shown at once; typing narrows them. */
const SHOWN_MAX = 50;

interface ReferenceFieldProps {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  /** The references this step may use (domain/flows/references.ts). */
  references: readonly ReferenceOption[];
  error?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  "data-testid"?: string;
}

/**
 * A step's value field that suggests references: typing `{{` opens a listbox of the references
 * this step may use, narrowed by what follows. The field is an ARIA combobox: arrows move
 * through the suggestions, Enter (or a click) writes `{{path}}`, Escape closes the list and
 * leaves the text as typed.
 */
export function ReferenceField(props: ReferenceFieldProps) {
  const intl = useIntl();
  const fieldId = useId();
  const listId = `${fieldId}-references`;
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [typing, setTyping] = useState<{ start: number; query: string; caret: number } | null>(null);
  const [active, setActive] = useState(0);
  const query = typing?.query.toLowerCase() ?? "";
  const shown = typing ? props.references.filter((option) => option.path.toLowerCase().includes(query)).slice(0, SHOWN_MAX) : [];
  const open = shown.length > 0;

  const follow = (text: string, caret: number) => {
    const found = openReference(text, caret);
    setTyping(found ? { ...found, caret } : null);
    setActive(0);
  };
  const choose = (option: ReferenceOption) => {
    if (!typing) return;
    const next = insertReference(props.value, typing.start, typing.caret, option.path);
    props.onChange(next.text);
    setTyping(null);
    requestAnimationFrame(() => input.current?.setSelectionRange(next.caret, next.caret));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + shown.length) % shown.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      choose(shown[Math.min(active, shown.length - 1)]);
    } else if (event.key === "Escape") {
      // The list closes; the panel and dialogs around it do not.
      event.preventDefault();
      event.stopPropagation();
      setTyping(null);
    }
  };
  const describedBy = [props.error ? `${fieldId}-error` : "", props.hint ? `${fieldId}-hint` : ""].filter(Boolean).join(" ");
  const shared = {
    id: fieldId,
    value: props.value,
    required: props.required,
    role: "combobox",
    "aria-autocomplete": "list" as const,
    "aria-expanded": open,
    "aria-controls": listId,
    "aria-activedescendant": open ? `${listId}-${Math.min(active, shown.length - 1)}` : undefined,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    "data-testid": props["data-testid"],
    onKeyDown,
    onBlur: () => setTyping(null),
    onSelect: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
      const caret = event.currentTarget.selectionStart ?? event.currentTarget.value.length;
      if (typing && caret !== typing.caret) follow(event.currentTarget.value, caret);
    },
  };
  const change = (target: HTMLInputElement | HTMLTextAreaElement) => {
    props.onChange(target.value);
    follow(target.value, target.selectionStart ?? target.value.length);
  };
  return (
    <div className="field reference-field">
      <label htmlFor={fieldId}>{props.label}</label>
      {props.multiline ? <textarea ref={input} rows={props.rows ?? 3} onChange={(event) => change(event.target)} {...shared} /> : <input ref={input} onChange={(event) => change(event.target)} {...shared} />}
      <ul id={listId} role="listbox" className="reference-options" aria-label={intl.formatMessage({ id: "flows.references.label" })} hidden={!open}>
        {shown.map((option, index) => (
          <li
            key={option.path}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="reference-option"
            onMouseDown={(event) => {
              // Keeps the focus in the field, so the choice lands where the user was typing.
              event.preventDefault();
              choose(option);
            }}
          >
            <code>{`{{${option.path}}}`}</code> <span className="field-hint">{option.source}</span>
          </li>
        ))}
      </ul>
      {props.hint && (
        <div id={`${fieldId}-hint`} className="field-hint">
          {props.hint}
        </div>
      )}
      {props.error && (
        <div id={`${fieldId}-error`} className="field-error" role="alert">
          {props.error}
        </div>
      )}
    </div>
  );
}
