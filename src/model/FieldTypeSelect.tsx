import { useIntl } from "react-intl";
import { effectiveFieldType, type EnumType, type Field } from "../domain/model";
import { FIELD_TYPE_GROUPS } from "./fieldTypes";

const ENUM_PREFIX = "enum:";

/** What choosing a type changes on a field. */
export type FieldTypePatch = Pick<Field, "type" | "typeId" | "directives">;

/**
 * The one field type select (model editor rows and the data screen's field dialog), grouped as
 * base, base list, complex, datetime and the project's enums (spec §3 "Groups"). A stored
 * dynamic field is a String with @dynamic, so it shows as Dynamic, and choosing any type
 * drops that marker (normalising adds it back for Dynamic).
 */
export function FieldTypeSelect(props: {
  field: FieldTypePatch;
  enums: readonly EnumType[];
  onChange(patch: FieldTypePatch): void;
  disabled?: boolean;
  /** For a visible <label htmlFor>; otherwise name the select with ariaLabel. */
  id?: string;
  ariaLabel?: string;
  /** The element describing the select's error, if any. */
  describedBy?: string;
  invalid?: boolean;
  testId: string;
}) {
  const intl = useIntl();
  const current = effectiveFieldType(props.field);
  const value = current === "Enum" ? `${ENUM_PREFIX}${props.field.typeId ?? ""}` : (current ?? "");
  const label = (id: string) => intl.formatMessage({ id });
  const choose = (type: NonNullable<Field["type"]>, typeId: string | null) =>
    props.onChange({ type, typeId, directives: props.field.directives.filter((directive) => directive.name !== "dynamic") });
  return (
    <select
      id={props.id}
      value={value}
      disabled={props.disabled}
      aria-label={props.ariaLabel}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || props.describedBy ? true : undefined}
      data-testid={props.testId}
      onChange={(event) => {
        const chosen = event.target.value;
        if (chosen.startsWith(ENUM_PREFIX)) choose("Enum", chosen.slice(ENUM_PREFIX.length));
        else if (chosen) choose(chosen as NonNullable<Field["type"]>, null);
      }}
    >
      {current === null && (
        <option value="" disabled>
          {label("model.fields.noType")}
        </option>
      )}
      {FIELD_TYPE_GROUPS.map(({ group, types }) => (
        <optgroup key={group} label={label(`model.fieldTypeGroup.${group}`)}>
          {types.map((fieldType) => (
            <option key={fieldType} value={fieldType}>
              {label(`model.fieldType.${fieldType}`)}
            </option>
          ))}
        </optgroup>
      ))}
      {props.enums.length > 0 && (
        <optgroup label={label("model.fieldTypeGroup.enumeration")}>
          {props.enums.map((enumType) => (
            <option key={enumType.id} value={`${ENUM_PREFIX}${enumType.id}`}>
              {enumType.name || label("model.unnamed")}
            </option>
          ))}
        </optgroup>
      )}
    </select>
  );
}
