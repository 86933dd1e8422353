import type { EntryInputKind } from "../domain/fields";
import { entryInputKind } from "../domain/entryInput";
import { isSystemField, type Field } from "../domain/model";
import { boolean } from "./boolean";
import { date, datetime, time, timestamp } from "./dateTime";
import { enumeration } from "./enum";
import type { FieldKindUi } from "./fieldKindUi";
import { json } from "./json";
import { list } from "./list";
import { integer, number } from "./number";
import { email, phone, text, url } from "./text";

/**
 * The console's part of every input kind of the field-type registry, one folder each: a kind
 * added to `EntryInputKind` is a type error here until its folder is registered.
 */
export const FIELD_KIND_UI: Record<EntryInputKind, FieldKindUi> = {
  text,
  integer,
  number,
  boolean,
  enum: enumeration,
  date,
  datetime,
  time,
  timestamp,
  email,
  phone,
  url,
  json,
  list,
};

/** createdAt and updatedAt are instants the server writes, typed String in the model (docs/DECISIONS.md). */
const isServerInstant = (field: Field) => isSystemField(field) && (field.name === "createdAt" || field.name === "updatedAt");

/** The kind a field is shown and typed as. */
export const fieldKindOf = (field: Field): EntryInputKind => (isServerInstant(field) ? "datetime" : entryInputKind(field));

export const fieldKindUi = (field: Field): FieldKindUi => FIELD_KIND_UI[fieldKindOf(field)];
