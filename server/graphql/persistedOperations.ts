import { readFileSync, statSync } from "node:fs";
import { parse, type DocumentNode } from "graphql";
import { createGraphQLError } from "graphql-yoga";
import { usePersistedOperations } from "@graphql-yoga/plugin-persisted-operations";

/**
 * The console's operations by the id Relay's compiler gave them (relay.config.json
 * `persistConfig` writes persisted-queries.json; src/relay/network.ts sends the id in the
 * persisted-query extension). Each is parsed once at start-up, so these requests carry and parse
 * no query text. Plain documents stay allowed: developers, scripts and tests send them.
 */
export function persistedOperationsPlugin(file: string) {
  const documentFor = persistedDocumentsOf(file);
  return usePersistedOperations({
    allowArbitraryOperations: true,
    getPersistedOperation: documentFor,
    customErrors: {
      // An id this server does not know: most likely a console tab opened before an update.
      notFound: () =>
        createGraphQLError("This page is out of date. Please reload it.", {
          extensions: { code: "PERSISTED_QUERY_NOT_FOUND", messageId: "error_persisted_query_not_found", http: { status: 400 } },
        }),
      keyNotFound: () =>
        createGraphQLError("The request names no query.", {
          extensions: { code: "BAD_REQUEST", messageId: "error_query_missing", http: { status: 400 } },
        }),
    },
  });
}

const lookUps = new Map<string, (id: string) => DocumentNode | null>();

/** The one look-up per file, shared by every yoga handler that reads it. */
export function persistedDocumentsOf(file: string) {
  let lookUp = lookUps.get(file);
  if (!lookUp) {
    lookUp = persistedDocuments(file);
    lookUps.set(file, lookUp);
  }
  return lookUp;
}

/**
 * The documents of the file, parsed. An unknown id reads the file again if it changed since:
 * under `npm run dev` Relay's watcher adds operations while the server keeps running.
 * Parsed without locations (each would keep every token of its document alive): the console
 * does not read an error's `locations`, and the operations are checked in, not written by users.
 */
function persistedDocuments(file: string) {
  let loadedVersion = -1;
  let documents = new Map<string, DocumentNode>();
  const loadIfChanged = () => {
    const version = statSync(file).mtimeMs;
    if (version === loadedVersion) return;
    const texts = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    documents = new Map(Object.entries(texts).map(([id, text]) => [id, parse(text, { noLocation: true })]));
    loadedVersion = version;
  };
  loadIfChanged();
  return (id: string): DocumentNode | null => {
    if (!documents.has(id)) loadIfChanged();
    return documents.get(id) ?? null;
  };
}
