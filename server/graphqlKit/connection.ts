import { refuse } from "./errors";

/** Relay connection arguments of the platform's lists. */
interface PageArgs {
  first?: number | null;
  after?: string | null;
}

export const MAX_PAGE_SIZE = 100;

/** How many rows a page-numbered list may skip: a table's page N starts at (N - 1) · size. */
export const MAX_PAGE_OFFSET = 10_000;

/**
 * The rows to skip before a page: tables with page buttons ask for page N directly instead of
 * paging through the ones before it. Out of range is refused rather than clamped, so a wrong
 * page never shows as another one; the cap bounds what one request can make the database skip.
 */
export function pageOffset(offset: number | null | undefined): number {
  if (offset == null) return 0;
  if (offset < 0 || offset > MAX_PAGE_OFFSET) {
    throw refuse("BAD_USER_INPUT", "error_page_offset", `offset must be between 0 and ${MAX_PAGE_OFFSET}.`, { max: MAX_PAGE_OFFSET });
  }
  return offset;
}

/*
 * Keyset connections (DESIGN: keyset paging): the cursor names the last row seen, so the next
 * page is one indexed range read however deep it is, rows added meanwhile shift nothing, and a
 * new row's cursor needs no count of the rows before it.
 */
interface KeysetWindow {
  limit: number;
  /** Id of the row the page starts after; "" for a cursor that names no row (an empty page). */
  afterId: string | null;
}

export function keysetWindow(args: PageArgs): KeysetWindow {
  const limit = Math.min(Math.max(args.first ?? MAX_PAGE_SIZE, 0), MAX_PAGE_SIZE);
  return { limit, afterId: args.after ? decodeIdCursor(args.after) : null };
}

export function idCursor(id: string) {
  return Buffer.from(`id:${id}`).toString("base64url");
}

function decodeIdCursor(cursor: string) {
  const decoded = Buffer.from(cursor, "base64url").toString();
  return decoded.startsWith("id:") ? decoded.slice(3) : "";
}

/** Builds a keyset connection from `limit + 1` fetched rows, so hasNextPage needs no count query. */
export function toKeysetConnection<T extends { id: string }, Extra extends object = object>(rows: T[], window: KeysetWindow, extra?: Extra) {
  const page = rows.slice(0, window.limit);
  const edges = page.map((node) => ({ cursor: idCursor(node.id), node }));
  const connection = {
    edges,
    pageInfo: {
      hasNextPage: rows.length > window.limit,
      hasPreviousPage: window.afterId !== null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
  return Object.assign(connection, extra);
}

export type KeysetConnection<T extends { id: string }> = ReturnType<typeof toKeysetConnection<T>>;
