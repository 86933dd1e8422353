import type { IntlShape } from "react-intl";
import type { Field } from "../domain/model";
import { fieldKindUi } from "./kinds";

/** A stored value as the user reads it, by its field's kind; no value reads as empty. */
export function fieldDisplay(intl: IntlShape, field: Field, value: unknown): string {
  if (value === null || value === undefined) return "";
  return fieldKindUi(field).display(value, { intl, field });
}
