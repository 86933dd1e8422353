import type { ModelProblem, SchemaModel } from "../domain/model";

type Path = readonly (string | number)[];

const startsWith = (path: Path, prefix: Path) => prefix.every((key, index) => path[index] === key);

/** The first broken rule reported exactly at `path` (e.g. ["objectTypes", 0, "name"]). */
export const problemAt = (problems: readonly ModelProblem[], path: Path) =>
  problems.find((problem) => problem.path.length === path.length && startsWith(problem.path, path));

/** Whether any broken rule lies at or below `prefix` (a type, a field, an enum). */
export const hasProblemUnder = (problems: readonly ModelProblem[], prefix: Path) =>
  problems.some((problem) => startsWith(problem.path, prefix));

const typeOrEnumName = (model: SchemaModel, path: Path) => {
  const [list, index] = path;
  const entry = list === "objectTypes" ? model.objectTypes[index as number] : list === "enumTypes" ? model.enumTypes[index as number] : undefined;
  return entry?.name.toLowerCase();
};

/**
 * The problem with a table's or enum's name. A duplicate is reported at its later occurrence;
 * the earlier one shows it too, so the name being typed always says why Save is disabled.
 */
export function typeNameProblem(problems: readonly ModelProblem[], model: SchemaModel, path: Path) {
  const own = problemAt(problems, path);
  if (own) return own;
  const name = typeOrEnumName(model, path);
  return problems.find(
    (problem) =>
      problem.messageId === "form_feedback_type_name_uniq" &&
      problem.path.length === 3 &&
      problem.path[2] === "name" &&
      typeOrEnumName(model, problem.path) === name,
  );
}
