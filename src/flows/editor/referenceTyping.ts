/** Where the user is typing a reference: after an unclosed `{{` before the caret, with what follows it so far. */
export function openReference(text: string, caret: number): { start: number; query: string } | null {
  const match = /\{\{\s*([A-Za-z0-9_.-]*)$/.exec(text.slice(0, caret));
  return match ? { start: match.index, query: match[1] } : null;
}

/** The text with the reference typed from `start` to the caret completed as `{{path}}` (an already typed `}}` is kept once), and the caret after it. */
export function insertReference(text: string, start: number, caret: number, path: string): { text: string; caret: number } {
  const rest = text.slice(caret).replace(/^[A-Za-z0-9_.-]*\s*\}\}/, "");
  const inserted = `{{${path}}}`;
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}
