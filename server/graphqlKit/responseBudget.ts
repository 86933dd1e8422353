import { getOperationAST, type ExecutionResult } from "graphql";
import type { Plugin } from "graphql-yoga";
import { DEFAULT_LIMITS } from "../limits/settings";
import { refuse } from "./errors";
import { stringifyWithRawJson } from "./rawJson";

/** What a refusal tells: the limit in bytes and, for the message, in MB. */
export const responseTooLarge = (maxBytes: number) => {
  const megabytes = String(Math.round((maxBytes / (1024 * 1024)) * 10) / 10);
  return refuse(
    "BAD_USER_INPUT",
    "error_response_too_large",
    `This answer would be larger than ${megabytes} MB. Ask for fewer rows at a time (a smaller limit, then the next page) or fewer fields.`,
    { maxBytes, megabytes },
  );
};

/** Rows as the store reads them under a budget: each with the size of its stored data. */
interface MeasuredRow {
  data_bytes?: number | string | null;
}

/**
 * The bytes one GraphQL execution may still read and answer (LIMITS responseMaxBytes). Entries
 * are charged by the size of their stored data as they are read, one read after the other, and
 * each read asks the database for no more than what is left (store.ts stops a page one row past
 * it), so many aliases of wide pages stop after about one budget has been read instead of each
 * reading its own page. Until `limitTo` is called (a subscription's events) nothing is limited.
 */
export class ResponseBudget {
  private maxBytes = Number.POSITIVE_INFINITY;
  private spent = 0;
  private reads: Promise<unknown> = Promise.resolve();

  /** Starts the budget of one query or mutation. */
  limitTo(maxBytes: number) {
    this.maxBytes = maxBytes;
    this.spent = 0;
  }

  get limited() {
    return Number.isFinite(this.maxBytes);
  }

  get exceeded() {
    return this.spent > this.maxBytes;
  }

  get limit() {
    return this.maxBytes;
  }

  /**
   * Runs `query` with the bytes left (undefined: no limit) when the reads before it are done,
   * charges the rows it returns, and refuses once the budget is spent.
   */
  read<R extends MeasuredRow>(query: (maxBytes: number | undefined) => Promise<R[]>): Promise<R[]> {
    if (!this.limited) return query(undefined);
    const turn = this.reads.then(async () => {
      if (this.exceeded) throw responseTooLarge(this.maxBytes);
      const rows = await query(this.maxBytes - this.spent);
      for (const row of rows) this.spent += Number(row.data_bytes ?? 0);
      if (this.exceeded) throw responseTooLarge(this.maxBytes);
      return rows;
    });
    this.reads = turn.catch(() => undefined);
    return turn;
  }
}

interface BudgetContext {
  responseBudget?: ResponseBudget;
  config?: { limits?: { responseMaxBytes?: number } };
}

/** The answer as the only error, without partial data: every other field would only repeat it. */
const refusalResult = (maxBytes: number): ExecutionResult => ({ data: null, errors: [responseTooLarge(maxBytes)] });

/**
 * Writes a result as JSON (with the JSON texts a project's lists were read as, rawJson.ts) unless it is larger than the budget, which it then refuses instead:
 * the guard for whatever the read budget does not see (platform fields, mutation payloads). A
 * result beyond what one string can hold is refused the same way, never a 500.
 */
export function budgetedStringify(maxBytes: number) {
  return (result: ExecutionResult) => {
    let text: string;
    try {
      text = stringifyWithRawJson(result);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      return JSON.stringify(refusalResult(maxBytes));
    }
    // A character is one to three bytes in UTF-8: counted exactly only where that decides.
    const over = text.length > maxBytes || (text.length * 3 > maxBytes && Buffer.byteLength(text) > maxBytes);
    return over ? JSON.stringify(refusalResult(maxBytes)) : text;
  };
}

/**
 * Gives every query and mutation, over HTTP (fast path or yoga) or a socket, its budget: the
 * context's (a project endpoint's loaders charge it), else a new one. A query that spent it is
 * answered by the refusal alone; any result is written through budgetedStringify. A mutation
 * keeps its data beside the refusal of the fields that read too much, since its writes are done.
 */
export function responseBudgetPlugin(): Plugin {
  return {
    onExecute({ args }) {
      const context = args.contextValue as BudgetContext;
      const maxBytes = context.config?.limits?.responseMaxBytes ?? DEFAULT_LIMITS.responseMaxBytes;
      const budget = (context.responseBudget ??= new ResponseBudget());
      budget.limitTo(maxBytes);
      return {
        onExecuteDone({ result, setResult }) {
          // An incremental result (@defer, @stream) is streamed in parts, which yoga writes itself.
          if (Symbol.asyncIterator in result) return;
          const isQuery = getOperationAST(args.document, args.operationName)?.operation === "query";
          const answered = budget.exceeded && isQuery ? refusalResult(maxBytes) : result;
          setResult(Object.assign({ ...answered }, { stringify: budgetedStringify(maxBytes) }));
        },
      };
    },
  };
}
