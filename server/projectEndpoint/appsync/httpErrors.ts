import type { Plugin } from "graphql-yoga";
import type { Context } from "../../graphqlKit/context";
import { withErrorType } from "./errorTypes";

/** The header Amplify takes an error's name from before the body (it then says 'Unauthorized'). */
export const ERROR_TYPE_HEADER = "x-amzn-ErrorType";

/**
 * A project endpoint's answers as AppSync writes them, beside our own fields: each error carries
 * `errorType`. (Callers are refused before yoga runs, with the header: endpoint.ts.)
 */
export function appsyncErrorsPlugin(): Plugin<Context> {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || Symbol.asyncIterator in result || !result.errors?.length) return;
      // Yoga writes the result with its `stringify`, after it has stripped its internal fields.
      setResult({ ...result, stringify: (sanitized) => JSON.stringify({ ...sanitized, errors: sanitized.errors?.map(withErrorType) }) });
    },
  };
}
