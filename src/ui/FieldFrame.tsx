import { useId, type ReactNode } from "react";

/**
 * A label, hint and error around any control, announced with it (aria-describedby): for
 * controls chosen at run time, such as a field kind's input in the record form.
 */
export function FieldFrame(props: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children(control: { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string }): ReactNode;
}) {
  const id = useId();
  const describedBy = [props.error ? `${id}-error` : "", props.hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children({ id, "aria-invalid": props.error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {props.hint && (
        <div id={`${id}-hint`} className="field-hint">
          {props.hint}
        </div>
      )}
      {props.error && (
        <div id={`${id}-error`} className="field-error" role="alert">
          {props.error}
        </div>
      )}
    </div>
  );
}
