import { useCallback, useEffect, useRef, useState } from "react";
import { graphql, useRelayEnvironment } from "react-relay/hooks";
import type { useSavedQueryMutation } from "../__generated__/useSavedQueryMutation.graphql";
import { mutate } from "../relay/mutate";
import { useWarnBeforeUnload } from "../common/useWarnBeforeUnload";

const saveQueryMutation = graphql`
  mutation useSavedQueryMutation($input: UpdateApiInput!) {
    updateApi(input: $input) {
      id
      queryExplorerString
    }
  }
`;

/** Typing pauses this long before the text is saved: one request per pause, not per key. */
export const SAVE_DELAY_MS = 800;

export type SaveState = { kind: "idle" | "saving" | "saved" } | { kind: "failed"; error: unknown };

/**
 * The playground's query text, kept per project in Api.queryExplorerString (spec §3, §7
 * updateApi): each edit restarts a short timer, the last text is saved when it runs out, and a
 * pending text is saved when the page is left.
 */
export function useSavedQuery(apiId: string, stored: string | null | undefined) {
  const environment = useRelayEnvironment();
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const pending = useRef<string | null>(null);
  const lastSaved = useRef(stored ?? null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const text = pending.current;
    pending.current = null;
    if (text === null) return;
    if (text === lastSaved.current) return setState({ kind: "saved" });
    mutate<useSavedQueryMutation>(environment, saveQueryMutation, { input: { id: apiId, queryExplorerString: text } }).then(
      () => {
        lastSaved.current = text;
        // A newer edit waiting for its timer keeps the state at saving.
        if (pending.current === null) setState({ kind: "saved" });
      },
      (error: unknown) => setState({ kind: "failed", error }),
    );
  }, [apiId, environment]);

  const edit = useCallback(
    (text: string) => {
      pending.current = text;
      setState((current) => (current.kind === "saving" ? current : { kind: "saving" }));
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => flush, [flush]);
  useWarnBeforeUnload(state.kind === "saving");
  return { edit, state };
}
