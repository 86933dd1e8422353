import { useCallback, useMemo } from "react";
import { useSearch } from "@tanstack/react-router";
import { close, open, pop, push, replaceTop, type RecordFrame, type RecordStack } from "./recordStack";
import { useNavigateHere } from "../../router/useNavigateHere";

/**
 * The record editor's stack lives in the URL (?record=[{table, id}, …]): a reload or a shared
 * link opens the same records, and the browser's back button pops like the back bar does.
 */
export function useRecordStack() {
  const navigate = useNavigateHere();
  const search = useSearch({ strict: false });
  const stack = useMemo(() => search.record ?? [], [search.record]);

  const go = useCallback(
    (next: RecordStack, replace = false) =>
      void navigate({
        search: (previous: Record<string, unknown>) => ({ ...previous, record: next.length ? next : undefined }),
        hash: (current) => current ?? "",
        replace,
      }),
    [navigate],
  );

  const actions = useMemo(
    () => ({
      open: (frame: RecordFrame) => go(open(frame)),
      push: (frame: RecordFrame) => go(push(stack, frame)),
      pop: () => go(pop(stack)),
      /** A created record takes the new record's place; the URL should not keep the blank one. */
      replaceTop: (frame: RecordFrame) => go(replaceTop(stack, frame), true),
      close: () => go(close()),
    }),
    [go, stack],
  );
  return [stack, actions] as const;
}

export type RecordStackActions = ReturnType<typeof useRecordStack>[1];
