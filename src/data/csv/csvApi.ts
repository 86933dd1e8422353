import { ApiError, requestFailed } from "../../relay/errors";
import { ORG_HEADER, orgHeaderValue } from "../../relay/network";
import { getSession } from "../../session/sessionState";
import { currentAccessToken } from "../../session/tokens";

/** An import as the server reports it (server/projectEndpoint/csv/imports.ts importStatus). */
export interface ImportState {
  id: string;
  table: string;
  fileName: string;
  status: "PUBLISHING" | "PENDING" | "RUNNING" | "DONE" | "FAILED";
  rowsDone: number;
  rowsFailed: number;
  rowsPerSecond: number;
  createdFields: string[];
  error: string | null;
  firstFailure: { line: number; messageId: string; field: string | null; values: Record<string, string | number> } | null;
}

export { credentials as projectCredentials };

export const isFinished = (state: ImportState) => state.status === "DONE" || state.status === "FAILED";

const base = (apiId: string) => `/p/${encodeURIComponent(apiId)}`;

/** The signed-in member's credentials, as the project's Relay network sends them. */
async function credentials(): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const token = await currentAccessToken();
  if (token) headers.authorization = token;
  const orgId = getSession().activeOrgId;
  if (orgId) headers[ORG_HEADER] = orgHeaderValue(orgId);
  return headers;
}

/** A refusal from the CSV routes (same shape as a GraphQL error) as an ApiError with its key. */
function refusalOf(body: unknown): ApiError {
  const error = (body as { errors?: { message: string; extensions?: Record<string, unknown> }[] } | null)?.errors?.[0];
  if (!error) return requestFailed();
  const { code, messageId, ...values } = error.extensions ?? {};
  return new ApiError(error.message, messageId as string | undefined, code as string | undefined, Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])));
}

async function getJson<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers: await credentials() });
  } catch {
    throw requestFailed();
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) throw refusalOf(body);
  return body as T;
}

export const readImport = async (apiId: string, importId: string) =>
  (await getJson<{ import: ImportState }>(`${base(apiId)}/imports/${encodeURIComponent(importId)}`)).import;

/** The table's import that is still running, if any (the toolbar shows it after a reload). */
export const readActiveImport = async (apiId: string, table: string) =>
  (await getJson<{ import: ImportState | null }>(`${base(apiId)}/imports?table=${encodeURIComponent(table)}`)).import;

/**
 * Uploads the file with XMLHttpRequest, whose upload events give the progress bar (fetch has
 * none). One key per import click: a retry after a lost answer gets the same import back.
 */
export async function uploadCsv(options: {
  apiId: string;
  table: string;
  file: File;
  optIn: readonly string[];
  uploadKey: string;
  onProgress(fraction: number): void;
}): Promise<ImportState> {
  const query = new URLSearchParams({ table: options.table, fileName: options.file.name });
  for (const column of options.optIn) query.append("optIn", column);
  const headers = await credentials();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${base(options.apiId)}/imports?${query}`);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.setRequestHeader("content-type", "text/csv");
    request.setRequestHeader("idempotency-key", options.uploadKey);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(requestFailed());
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON: a proxy's page; reported as a failed request below.
      }
      if (request.status >= 200 && request.status < 300 && body) resolve((body as { import: ImportState }).import);
      else reject(refusalOf(body));
    };
    request.send(options.file);
  });
}

/** Downloads a CSV the server writes (export, failed rows) with the member's credentials, under `fileName`. */
export async function downloadCsv(url: string, fileName: string) {
  let response: Response;
  try {
    response = await fetch(url, { headers: await credentials() });
  } catch {
    throw requestFailed();
  }
  if (!response.ok) throw refusalOf(await response.json().catch(() => null));
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

export const exportUrl = (apiId: string, table: string, filter?: unknown, sort?: string | null) => {
  const query = new URLSearchParams({ table });
  if (filter && Object.keys(filter).length) query.set("filter", JSON.stringify(filter));
  if (sort) query.set("sort", sort);
  return `${base(apiId)}/export.csv?${query}`;
};

export const failedRowsUrl = (apiId: string, importId: string, locale: string) =>
  `${base(apiId)}/imports/${encodeURIComponent(importId)}/failed.csv?locale=${encodeURIComponent(locale)}`;
