import { useId, type InputHTMLAttributes, type ReactNode } from "react";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  error?: ReactNode;
  hint?: ReactNode;
}

/** A labelled input whose error and hint are announced with it (aria-describedby). */
export function TextField({ label, value, onChange, error, hint, id, ...rest }: TextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const describedBy = [error ? `${inputId}-error` : "", hint ? `${inputId}-hint` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...rest}
      />
      {hint && (
        <div id={`${inputId}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
