import { useCallback, useMemo } from "react";
import { modelProblems, normalizeModel, readStoredModel, type ModelProblem, type SchemaModel } from "../domain/model";
import { useUpdateApiMutation } from "../project/useUpdateApiMutation";
import { ApiError } from "../relay/errors";

/** A model problem as the error the dialogs show (same shape as the server's refusal). */
export function problemError(problem: ModelProblem) {
  const values = problem.values && Object.fromEntries(Object.entries(problem.values).map(([key, value]) => [key, String(value)]));
  return new ApiError(problem.messageId, problem.messageId, "BAD_USER_INPUT", values);
}

/** The problems of `model` at `path` or below it (e.g. one field, one table's name). */
export function problemsAt(model: SchemaModel, path: readonly (string | number)[]): ModelProblem[] {
  return modelProblems(model).filter(
    (problem) => problem.path.length >= path.length && path.every((segment, index) => problem.path[index] === segment),
  );
}

/**
 * The project's declaration as a model, and `save`, which stores the whole declaration with
 * updateApi (spec §4: every table or field edit saves the whole schema). The stored api comes
 * back into the Relay store, so every screen showing the model follows.
 */
export function useProjectModel(api: { id: string; schema: string }) {
  // The server checked the declaration when it stored it (see readStoredModel).
  const parsed = useMemo(() => readStoredModel(api.schema), [api.schema]);
  const [updateApi, saving] = useUpdateApiMutation();
  const save = useCallback(
    async (model: SchemaModel) => {
      await updateApi({ id: api.id, schema: JSON.stringify(normalizeModel(model)) });
    },
    [api.id, updateApi],
  );
  const model: SchemaModel = "model" in parsed ? parsed.model : { objectTypes: [], enumTypes: [] };
  const problem = "problem" in parsed ? parsed.problem : null;
  return { model, problem, save, saving };
}
