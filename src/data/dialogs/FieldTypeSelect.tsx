import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { EnumType, FieldType } from "../../domain/model";
import { FIELD_TYPE_GROUPS } from "../../model/fieldTypes";

const ENUM_PREFIX = "enum:";

/** The value of the select: a field type, or one of the project's enums. */
export type FieldTypeChoice = { type: FieldType; typeId?: null } | { type: "Enum"; typeId: string };

/** The field type select, grouped as base, base list, complex, datetime and enumeration (spec §3). */
export function FieldTypeSelect(props: {
  value: FieldTypeChoice | null;
  enums: readonly EnumType[];
  onChange(choice: FieldTypeChoice): void;
  disabled?: boolean;
  error?: string;
}) {
  const intl = useIntl();
  const id = useId();
  const value = !props.value ? "" : props.value.type === "Enum" ? `${ENUM_PREFIX}${props.value.typeId ?? ""}` : props.value.type;
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id="data.field.type" />
      </label>
      <select
        id={id}
        value={value}
        disabled={props.disabled}
        data-testid="field-type-select"
        aria-invalid={props.error ? true : undefined}
        onChange={(event) => {
          const selected = event.target.value;
          props.onChange(
            selected.startsWith(ENUM_PREFIX)
              ? { type: "Enum", typeId: selected.slice(ENUM_PREFIX.length) }
              : { type: selected as FieldType, typeId: null },
          );
        }}
      >
        {!props.value && <option value="" disabled />}
        {FIELD_TYPE_GROUPS.map(({ group, types }) => (
          <optgroup key={group} label={intl.formatMessage({ id: `model.fieldTypeGroup.${group}` })}>
            {types.map((type) => (
              <option key={type} value={type}>
                {intl.formatMessage({ id: `model.fieldType.${type}` })}
              </option>
            ))}
          </optgroup>
        ))}
        {props.enums.length > 0 && (
          <optgroup label={intl.formatMessage({ id: "model.fieldTypeGroup.enumeration" })}>
            {props.enums.map((enumType) => (
              <option key={enumType.id} value={`${ENUM_PREFIX}${enumType.id}`}>
                {enumType.name}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {props.error && (
        <div className="field-error" role="alert">
          {props.error}
        </div>
      )}
    </div>
  );
}
