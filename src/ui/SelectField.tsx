import { useId, type ReactNode, type SelectHTMLAttributes } from "react";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange"> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  options: SelectOption[];
  /** Shown first with an empty value, so nothing is chosen until the user chooses. */
  placeholder?: string;
  error?: ReactNode;
  hint?: ReactNode;
}

/** A labelled native select whose error and hint are announced with it. */
export function SelectField({ label, value, onChange, options, placeholder, error, hint, id, ...rest }: SelectFieldProps) {
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  const describedBy = [error ? `${selectId}-error` : "", hint ? `${selectId}-hint` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <div id={`${selectId}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${selectId}-error`} className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
