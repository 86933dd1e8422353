import { useIntl } from "react-intl";
import { effectiveFieldType, type Field } from "../../domain/model";
import { useModelEditing } from "../ModelEditingContext";
import { FIELD_TYPE_GROUPS } from "../fieldTypes";

const ENUM_PREFIX = "enum:";

/** What a choice in the select changes: the type, and for enumerations the enum's id. */
export type FieldTypeChoice = { type: NonNullable<Field["type"]>; typeId: string | null };

/** The field type select, grouped as base, base list, complex, datetime and the project's enums. */
export function FieldTypeSelect(props: {
  field: Field;
  disabled: boolean;
  onChange(choice: FieldTypeChoice): void;
  describedBy?: string;
}) {
  const intl = useIntl();
  const { model } = useModelEditing();
  const current = effectiveFieldType(props.field);
  const value = current === "Enum" ? `${ENUM_PREFIX}${props.field.typeId ?? ""}` : (current ?? "");
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <select
      value={value}
      disabled={props.disabled}
      aria-label={intl.formatMessage({ id: "model.fields.type" }, { name: props.field.name })}
      aria-describedby={props.describedBy}
      aria-invalid={props.describedBy ? true : undefined}
      data-testid="field-type"
      onChange={(event) => {
        const chosen = event.target.value;
        if (chosen.startsWith(ENUM_PREFIX)) props.onChange({ type: "Enum", typeId: chosen.slice(ENUM_PREFIX.length) });
        else if (chosen) props.onChange({ type: chosen as FieldTypeChoice["type"], typeId: null });
      }}
    >
      {current === null && <option value="">{label("model.fields.noType")}</option>}
      {FIELD_TYPE_GROUPS.map(({ group, types }) => (
        <optgroup key={group} label={label(`model.fieldTypeGroup.${group}`)}>
          {types.map((fieldType) => (
            <option key={fieldType} value={fieldType}>
              {label(`model.fieldType.${fieldType}`)}
            </option>
          ))}
        </optgroup>
      ))}
      {model.enumTypes.length > 0 && (
        <optgroup label={label("model.fieldTypeGroup.enumeration")}>
          {model.enumTypes.map((enumType) => (
            <option key={enumType.id} value={`${ENUM_PREFIX}${enumType.id}`}>
              {enumType.name || label("model.unnamed")}
            </option>
          ))}
        </optgroup>
      )}
    </select>
  );
}
