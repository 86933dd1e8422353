import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";

/** Default height of a free-text area (spec §9). */
export const TEXTAREA_ROWS = 3;

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange"> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  hint?: ReactNode;
}

export function TextAreaField({ label, value, onChange, hint, id, rows = TEXTAREA_ROWS, ...rest }: TextAreaFieldProps) {
  const fallbackId = useId();
  const areaId = id ?? fallbackId;
  return (
    <div className="field">
      <label htmlFor={areaId}>{label}</label>
      <textarea
        id={areaId}
        value={value}
        rows={rows}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${areaId}-hint` : undefined}
        {...rest}
      />
      {hint && (
        <div id={`${areaId}-hint`} className="field-hint">
          {hint}
        </div>
      )}
    </div>
  );
}
