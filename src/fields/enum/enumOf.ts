import type { EnumType, Field } from "../../domain/model";

/** The project enum an Enum field takes its values from. */
export const enumOf = (field: Field, enums: readonly EnumType[]): EnumType | undefined => enums.find((enumType) => enumType.id === field.typeId);
