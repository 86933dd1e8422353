import type { Plugin } from "graphql-yoga";

interface HttpExtensions {
  status?: number;
  spec?: boolean;
}

/**
 * A refusal of ours that names its HTTP status (a document too large once its fragments are
 * written out: 400) answers with that status whatever the client accepts. Yoga marks every error
 * raised while parsing as a GraphQL-over-HTTP "spec" error, whose status it leaves out of an
 * `application/json` answer (200); ours are told apart by their message key and keep theirs.
 */
export function refusalStatusPlugin(): Plugin {
  return {
    onResultProcess({ result }) {
      const errors = "errors" in result && Array.isArray(result.errors) ? result.errors : [];
      for (const error of errors) {
        const extensions = (error as { extensions?: { messageId?: unknown; http?: HttpExtensions } }).extensions;
        if (typeof extensions?.messageId === "string" && extensions.http?.status) extensions.http.spec = false;
      }
    },
  };
}
