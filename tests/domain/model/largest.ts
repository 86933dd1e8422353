import { MODEL_LIMITS, type SchemaModel } from "../../../src/domain/model";

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(5, "0")}`;
const name = (prefix: string, n: number, length: number) => `${prefix}${n}`.padEnd(length, "x");

/**
 * The largest declaration the limits allow: every count at its maximum (tables, fields per table
 * as far as the size limit allows, triggers per table, enums, values per enum), one name and one label at their maximum length,
 * free-form searchConfig at the deepest allowed nesting, and the text padded to just under the
 * size limit with a long handler.
 */
export function largestDeclaration(): { model: SchemaModel; text: string } {
  const systemFields = (t: number) => [
    { id: id(`i${t}_`, 0), name: "id", type: "ID" as const, directives: [], readonly: true },
    { id: id(`c${t}_`, 0), name: "createdAt", type: "String" as const, directives: [], readonly: true },
    { id: id(`u${t}_`, 0), name: "updatedAt", type: "String" as const, directives: [{ name: "sortBy" as const }], readonly: true },
  ];
  // searchConfig sits at depth 4 (model, objectTypes, table, searchConfig); nest to the limit.
  let deep: Record<string, unknown> = {};
  for (let level = 4; level < MODEL_LIMITS.depth; level++) deep = { d: deep };
  const model: SchemaModel = {
    objectTypes: Array.from({ length: MODEL_LIMITS.tables }, (_, t) => ({
      id: id("t", t),
      name: t === 0 ? name("T", t, MODEL_LIMITS.nameLength) : `T${t}`,
      fields: [
        ...systemFields(t),
        ...Array.from({ length: MODEL_LIMITS.fieldsPerTable - 3 }, (_, f) => ({
          id: id(`f${t}_`, f),
          name: t === 0 && f === 0 ? name("f", f, MODEL_LIMITS.nameLength) : `f${f}`,
          type: "String" as const,
          directives: [],
          ...(t === 0 && f === 0 ? { label: "L".repeat(MODEL_LIMITS.labelLength) } : {}),
        })),
      ],
      resolvers: Array.from({ length: MODEL_LIMITS.triggersPerTable }, (_, r) => ({
        id: id(`r${t}_`, r),
        name: `trg${r}`,
        step: "before" as const,
        runtime: "nodejs18.x" as const,
        types: ["create" as const],
      })),
      directives: [],
      targets: [],
      parents: {},
      ...(t === 0 ? { searchConfig: deep } : {}),
    })),
    enumTypes: Array.from({ length: MODEL_LIMITS.enums }, (_, e) => ({
      id: id("e", e),
      name: `E${e}`,
      values: Array.from({ length: MODEL_LIMITS.valuesPerEnum }, (_, v) => ({ name: `V${v}` })),
    })),
  };
  // All counts at their maximum exceed the size limit: drop fields from the last tables until it fits.
  for (let t = model.objectTypes.length - 1; JSON.stringify(model).length > MODEL_LIMITS.declarationSize - 1_000; t--) {
    model.objectTypes[t].fields.splice(3);
  }
  const unpadded = JSON.stringify(model).length;
  // Fill the remaining characters (minus the key and quotes added) with one trigger's handler.
  const handler = "h".repeat(MODEL_LIMITS.declarationSize - unpadded - ',"handler":""'.length);
  model.objectTypes[1].resolvers[0] = { ...model.objectTypes[1].resolvers[0], handler };
  return { model, text: JSON.stringify(model) };
}
