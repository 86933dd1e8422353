import { useEffect, useMemo, useRef } from "react";
import { graphql, useSubscription } from "react-relay/hooks";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useImportedRowsSubscription } from "../../__generated__/useImportedRowsSubscription.graphql";

const imported = graphql`
  subscription useImportedRowsSubscription($ofType: String!) {
    onImportType(ofType: $ofType) {
      importId
      rowsWritten
    }
  }
`;

/**
 * At most one reload a second: an import commits a batch every few hundred milliseconds, and a
 * grid reloading each time would spend itself on reloads, yet each batch shows within a second.
 */
const RELOAD_EVERY_MS = 1000;

/**
 * Someone's CSV import into the table announces each committed batch (not each row); the grid
 * reloads its rows then, so the imported rows appear within a second. `reload` keeps the
 * selection and an open edit, which the grid tracks by entry id.
 */
export function useImportedRows(ofType: string, reload: () => void) {
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const last = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  const config = useMemo<GraphQLSubscriptionConfig<useImportedRowsSubscription>>(
    () => ({
      subscription: imported,
      variables: { ofType },
      onNext(response) {
        if (!response?.onImportType.rowsWritten || pending.current) return;
        const wait = Math.max(0, last.current + RELOAD_EVERY_MS - Date.now());
        pending.current = setTimeout(() => {
          pending.current = null;
          last.current = Date.now();
          reloadRef.current();
        }, wait);
      },
    }),
    [ofType],
  );
  useSubscription(config);
}
