import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  modelProblems,
  normalizeModel,
  validateModel,
  type ModelProblem,
  type SchemaModel,
} from "../domain/model";
import { parseModel } from "../domain/model/parse";
import { useUpdateApiMutation } from "../project/useUpdateApiMutation";
import { useWarnBeforeUnload } from "../common/useWarnBeforeUnload";

/** The selected flag is view state, not part of the declaration (spec §2: ignored when comparing). */
const withoutSelected = (model: SchemaModel) =>
  JSON.stringify(model, (key, value: unknown) => (key === "selected" ? undefined : value));

export const sameModel = (a: SchemaModel, b: SchemaModel) => withoutSelected(a) === withoutSelected(b);

function savedModel(schema: string): { model: SchemaModel; problem: ModelProblem | null } {
  const parsed = parseModel(schema);
  return "model" in parsed ? { model: parsed.model, problem: null } : { model: { objectTypes: [], enumTypes: [] }, problem: parsed.problem };
}

export interface ModelDraft {
  /** The working copy the editor shows. */
  model: SchemaModel;
  /** The working copy differs from the saved declaration (ignoring `selected`). */
  dirty: boolean;
  /** Every broken rule of the working copy, for the inline messages; save is disabled while any shows. */
  problems: ModelProblem[];
  /** The stored declaration could not be read (shown instead of the editor). */
  loadProblem: ModelProblem | null;
  change(update: (model: SchemaModel) => SchemaModel): void;
  save(): Promise<void>;
  cancel(): void;
  saving: boolean;
  saveError: unknown;
}

/**
 * The model editor's working copy of a project's declaration. Every save sends the whole
 * declaration through updateApi (spec §4); leaving the screen with unsaved changes saves them.
 */
export function useModelDraft(apiId: string, schema: string, authMode: string | null): ModelDraft {
  const saved = useMemo(() => savedModel(schema), [schema]);
  // null: no edits, the editor shows the saved declaration.
  const [draft, setDraft] = useState<SchemaModel | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [update, saving] = useUpdateApiMutation();

  const model = draft ?? saved.model;
  const dirty = draft !== null && !sameModel(draft, saved.model);
  const context = useMemo(() => ({ authMode }), [authMode]);
  const problems = useMemo(() => modelProblems(model, context), [model, context]);

  const change = useCallback((apply: (current: SchemaModel) => SchemaModel) => {
    setDraft((current) => apply(current ?? saved.model));
  }, [saved.model]);

  const send = useCallback(
    async (sent: SchemaModel) => {
      await update({ id: apiId, schema: JSON.stringify(normalizeModel(sent)) });
      // Edits made while the save was on its way stay in the working copy.
      setDraft((current) => (current === sent ? null : current));
    },
    [apiId, update],
  );

  const save = useCallback(async () => {
    if (draft === null) return;
    setSaveError(null);
    try {
      await send(draft);
    } catch (error) {
      setSaveError(error);
    }
  }, [draft, send]);

  const cancel = useCallback(() => {
    setDraft(null);
    setSaveError(null);
  }, []);

  useWarnBeforeUnload(dirty || saving);
  // Leaving the screen (route change or unmount) saves a dirty, valid working copy.
  const latest = useRef({ draft, dirty, send, context });
  latest.current = { draft, dirty, send, context };
  useEffect(
    () => () => {
      const { draft: pending, dirty: unsaved, send: sendLatest, context: latestContext } = latest.current;
      const valid = pending && validateModel(normalizeModel(pending), latestContext) === null;
      if (pending && unsaved && valid) {
        sendLatest(pending).catch(() => {
          // Nothing is shown any more; the server refused and kept the saved declaration.
        });
      }
    },
    [],
  );

  return { model, dirty, problems, loadProblem: saved.problem, change, save, cancel, saving, saveError };
}
