import { useId, useState, type FormEvent } from "react";
import type { AppPageField } from "../domain/apps/page";
import { t } from "./messages";

/** What an input holds as the API's value: numbers and booleans typed, an empty value null. */
function valueOf(field: AppPageField, text: string | boolean): unknown {
  if (typeof text === "boolean") return text;
  if (text === "") return null;
  if (field.graphqlType === "Int") return Number.parseInt(text, 10);
  if (field.graphqlType === "Float") return Number(text);
  if (field.graphqlType === "AWSJSON") return text;
  return text;
}

/** The create or edit form of an entry: the view's fields that are not read-only. */
export function EntryForm(props: { fields: AppPageField[]; entry: Record<string, unknown> | null; busy: boolean; error: string | null; onSave(input: Record<string, unknown>): void; onCancel(): void }) {
  const id = useId();
  const editable = props.fields.filter((field) => !field.readonly && !field.isList);
  const [values, setValues] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(editable.map((field) => [field.name, field.graphqlType === "Boolean" ? props.entry?.[field.name] === true : props.entry?.[field.name] == null ? "" : String(props.entry[field.name])])),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: Record<string, unknown> = {};
    for (const field of editable) {
      const before = props.entry?.[field.name];
      const value = valueOf(field, values[field.name]);
      // An edit sends only what changed (spec §5 data entry); a new entry sends what was filled in.
      if (props.entry ? value !== (before ?? null) : value !== null) input[field.name] = value;
    }
    props.onSave(input);
  };
  return (
    <form className="app-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{props.entry ? t("edit") : t("create")}</h2>
      {props.error && (
        <p role="alert" className="app-error">
          {props.error}
        </p>
      )}
      {editable.map((field) => {
        const inputId = `${id}-field-${field.name}`;
        const value = values[field.name];
        const set = (next: string | boolean) => setValues((old) => ({ ...old, [field.name]: next }));
        if (field.graphqlType === "Boolean")
          return (
            <label key={field.name} className="app-check">
              <input type="checkbox" checked={value === true} onChange={(event) => set(event.target.checked)} /> {field.name}
            </label>
          );
        return (
          <div key={field.name} className="app-field">
            <label htmlFor={inputId}>
              {field.name}
              {field.requiredOnCreate && !props.entry ? " *" : ""}
            </label>
            {field.enumValues ? (
              <select id={inputId} value={String(value)} onChange={(event) => set(event.target.value)}>
                <option value="" />
                {field.enumValues.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={inputId}
                type={field.graphqlType === "Int" || field.graphqlType === "Float" ? "number" : "text"}
                step={field.graphqlType === "Float" ? "any" : undefined}
                value={String(value)}
                required={field.requiredOnCreate && !props.entry}
                maxLength={1024}
                onChange={(event) => set(event.target.value)}
              />
            )}
          </div>
        );
      })}
      <div className="app-actions">
        <button type="button" className="app-button" onClick={props.onCancel}>
          {t("cancel")}
        </button>
        <button type="submit" className="app-button app-primary" disabled={props.busy}>
          {t("save")}
        </button>
      </div>
    </form>
  );
}
