import { generatedNames } from "./generatedNames";
import { nameCollisionProblems } from "./nameCollisions";
import type { ModelProblem, SchemaModel } from "./types";

/** Enough for a name renamed because of a collision to collide once more and be renamed again. */
const MAX_PASSES = 4;

/**
 * The model with every name that would collide in the generated API renamed, for generators
 * (templates, the AI start) that must hand over a model the rules accept: a table whose
 * connection field is taken becomes child + parent (Owner under Dog → DogOwner), anything else
 * gets the lowest free number (author → author2). Names that do not collide stay as they are.
 */
export function withFreeNames(model: SchemaModel): SchemaModel {
  let current = model;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const problems = nameCollisionProblems(current);
    if (problems.length === 0) return current;
    const taken = new Set(generatedNames(current).map((claim) => `${claim.scope}\u0000${claim.name.toLowerCase()}`));
    current = problems.reduce((renamed, problem) => rename(renamed, problem, taken), current);
  }
  return current;
}

function freeName(wanted: string, scopes: readonly string[], taken: Set<string>): string {
  const isFree = (name: string) => scopes.every((scope) => !taken.has(`${scope}\u0000${name.toLowerCase()}`));
  let name = wanted;
  for (let number = 2; !isFree(name); number++) name = `${wanted}${number}`;
  for (const scope of scopes) taken.add(`${scope}\u0000${name.toLowerCase()}`);
  return name;
}

function rename(model: SchemaModel, problem: ModelProblem, taken: Set<string>): SchemaModel {
  const [list, index, third, fieldIndex] = problem.path;
  if (list === "enumTypes" && typeof index === "number") {
    const name = freeName(model.enumTypes[index].name, ["type"], taken);
    return { ...model, enumTypes: model.enumTypes.map((enumType, at) => (at === index ? { ...enumType, name } : enumType)) };
  }
  if (list !== "objectTypes" || typeof index !== "number") return model;
  const table = model.objectTypes[index];
  if (third === "fields" && typeof fieldIndex === "number") {
    const scopes = ["object", "input", "filter"].map((scope) => `${scope}:${index}`);
    const name = freeName(table.fields[fieldIndex].name, scopes, taken);
    const fields = table.fields.map((field, at) => (at === fieldIndex ? { ...field, name } : field));
    const connectorFieldName = table.connectorFieldName === table.fields[fieldIndex].name ? name : table.connectorFieldName;
    const renamed = { ...table, fields, ...(table.connectorFieldName != null && { connectorFieldName }) };
    return { ...model, objectTypes: model.objectTypes.map((objectType, at) => (at === index ? renamed : objectType)) };
  }
  const wanted = problem.messageId === "error_model_connection_field_taken" ? `${problem.values?.table}${table.name}` : table.name;
  const name = freeName(wanted, ["type"], taken);
  return { ...model, objectTypes: model.objectTypes.map((objectType, at) => (at === index ? { ...objectType, name } : objectType)) };
}
