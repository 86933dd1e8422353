import { generatedNames, type GeneratedName, type NameSource } from "./generatedNames";
import type { ModelProblem, SchemaModel } from "./types";

/**
 * Names the generated project API would hold twice (a type, an operation, a field of an entry
 * type or of its inputs), reported on the name the user should change: a typed name rather than
 * a derived one, a later table rather than an earlier one, never a name of the base API.
 */
export function nameCollisionProblems(model: SchemaModel): ModelProblem[] {
  const keepers = new Map<string, GeneratedName>();
  const problems = new Map<string, ModelProblem>();
  for (const claim of generatedNames(model)) {
    const key = `${claim.scope}\u0000${claim.name}`;
    const keeper = keepers.get(key);
    if (!keeper) {
      keepers.set(key, claim);
      continue;
    }
    const problem = collisionProblem(model, keeper.source, claim);
    // One message per name to change; the first collision explains it.
    if (problem && !problems.has(problem.path.join("/"))) problems.set(problem.path.join("/"), problem);
  }
  return [...problems.values()];
}

const tableName = (model: SchemaModel, index: number) => model.objectTypes[index]?.name ?? "";

/** The table or enum that holds `source`'s name, for the message. */
function holder(model: SchemaModel, source: NameSource): string {
  if (source.kind === "enum") return model.enumTypes[source.enum]?.name ?? "";
  if (source.kind === "generated" || source.kind === "table" || source.kind === "field") return tableName(model, source.table);
  if (source.kind === "connection") return tableName(model, source.via);
  return "";
}

function collisionProblem(model: SchemaModel, keeper: NameSource, claim: GeneratedName): ModelProblem | null {
  const { name, source } = claim;
  const inBase = keeper.kind === "base";
  switch (source.kind) {
    case "table":
    case "enum": {
      const path = source.kind === "table" ? ["objectTypes", source.table, "name"] : ["enumTypes", source.enum, "name"];
      if (inBase) return { messageId: "error_model_name_in_base_api", path, values: { name } };
      return { messageId: "error_model_name_generated", path, values: { name, table: holder(model, keeper) } };
    }
    case "generated": {
      const path = ["objectTypes", source.table, "name"];
      const table = tableName(model, source.table);
      if (inBase) return { messageId: "error_model_table_generates_base_name", path, values: { name: table, generated: name } };
      return { messageId: "error_model_table_generates_taken_name", path, values: { name: table, generated: name, table: holder(model, keeper) } };
    }
    case "connection": {
      const values = { name: tableName(model, source.via), table: tableName(model, source.table), field: name };
      return { messageId: "error_model_connection_field_taken", path: ["objectTypes", source.via, "name"], values };
    }
    case "field": {
      const path = ["objectTypes", source.table, "fields", source.field, "name"];
      if (keeper.kind === "connection") return { messageId: "error_model_field_name_connection", path, values: { name, table: holder(model, keeper) } };
      if (keeper.kind === "filterLogic") return { messageId: "error_model_field_name_filter_logic", path, values: { name } };
      // Another field of the same name (refused as a duplicate already) or a system field (reserved).
      return null;
    }
    default:
      return null;
  }
}
