import type { FieldType } from "../../../src/domain/model";

/**
 * A part is one reusable table of the construction kit: its usual fields and the tables it
 * usually belongs to. Templates pick parts; the AI start picks them from the words of a prompt.
 */

/** An enum a field uses; parts share one object when they share the enum. */
export interface EnumSpec {
  enum: string;
  values: readonly string[];
}

type PlainType = Exclude<FieldType, "Enum">;
type Flags = "" | " required" | " unique" | " required unique";

/** "Float", "String required", "Email unique"… or an enum. */
export type FieldSpec = `${PlainType}${Flags}` | EnumSpec;

export interface Part {
  /** Field name → type; in display order, after id, createdAt and updatedAt. */
  fields: Record<string, FieldSpec>;
  /**
   * The parts this one usually belongs to, most likely first. A table takes at most two
   * parents, so only the first two present in a schema become connections.
   */
  belongsTo?: readonly string[];
}

export const enumOf = (name: string, values: readonly string[]): EnumSpec => ({ enum: name, values });
