import { useEffect, useState } from "react";
import { IMPORT_POLL_MS } from "../../domain/csv";
import { isFinished, readImport, type ImportState } from "./csvApi";

/**
 * Follows an import until it is finished: the state as last read, and the error of the last read
 * (a lost connection shows, and the next poll tries again).
 */
export function useImportProgress(apiId: string, initial: ImportState | null) {
  const [state, setState] = useState(initial);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => setState(initial), [initial]);
  const id = state?.id;
  const finished = state ? isFinished(state) : true;
  useEffect(() => {
    if (!id || finished) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const next = await readImport(apiId, id);
        if (stopped) return;
        setError(null);
        setState(next);
        if (isFinished(next)) return;
      } catch (caught) {
        if (stopped) return;
        setError(caught);
      }
      timer = setTimeout(poll, IMPORT_POLL_MS);
    };
    timer = setTimeout(poll, IMPORT_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [apiId, id, finished]);
  return { state, error };
}
