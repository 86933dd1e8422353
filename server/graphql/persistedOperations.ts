import { readFileSync } from "node:fs";
import { parse, type DocumentNode } from "graphql";
import { createGraphQLError } from "graphql-yoga";
import { usePersistedOperations } from "@graphql-yoga/plugin-persisted-operations";

/**
 * The console's operations by the id Relay's compiler gave them (relay.config.json
 * `persistConfig` writes persisted-queries.json; src/relay/network.ts sends the id in the
 * persisted-query extension). Each is parsed once at start-up, so these requests carry and parse
 * no query text (issue 15). Plain documents stay allowed: developers, scripts and tests send them.
 */
export function persistedOperationsPlugin(file: string) {
  const texts = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  const documents = new Map<string, DocumentNode>(Object.entries(texts).map(([id, text]) => [id, parse(text)]));
  return usePersistedOperations({
    allowArbitraryOperations: true,
    getPersistedOperation: (id) => documents.get(id) ?? null,
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
