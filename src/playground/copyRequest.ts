/** The request the playground would send now, written out for a terminal or a script. */
export interface PlaygroundRequest {
  url: string;
  /** The chosen identity's header (authorization or x-api-key); none for an anonymous call. */
  headers: Record<string, string>;
  query: string;
  /** The variables editor's text; empty or invalid JSON is sent as no variables. */
  variables: string;
  operationName?: string | null;
}

function body(request: PlaygroundRequest) {
  let variables: unknown;
  try {
    variables = request.variables.trim() ? JSON.parse(request.variables) : undefined;
  } catch {
    variables = undefined;
  }
  return {
    query: request.query,
    ...(variables && typeof variables === "object" ? { variables } : {}),
    ...(request.operationName ? { operationName: request.operationName } : {}),
  };
}

/** A POSIX shell word: single quotes, with each ' closed, escaped and reopened. */
const shellWord = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

export function asCurl(request: PlaygroundRequest): string {
  const headers = { "content-type": "application/json", ...request.headers };
  return [
    `curl ${shellWord(request.url)}`,
    ...Object.entries(headers).map(([name, value]) => `  -H ${shellWord(`${name}: ${value}`)}`),
    `  --data-raw ${shellWord(JSON.stringify(body(request)))}`,
  ].join(" \\\n");
}

export function asFetch(request: PlaygroundRequest): string {
  const headers = { "content-type": "application/json", ...request.headers };
  return [
    `const response = await fetch(${JSON.stringify(request.url)}, {`,
    `  method: "POST",`,
    `  headers: ${JSON.stringify(headers, null, 2).replaceAll("\n", "\n  ")},`,
    `  body: JSON.stringify(${JSON.stringify(body(request), null, 2).replaceAll("\n", "\n  ")}),`,
    `});`,
    `console.log(await response.json());`,
  ].join("\n");
}
