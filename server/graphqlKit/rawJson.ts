import { randomBytes } from "node:crypto";

/**
 * A part of an answer that is JSON text already (a project list the database wrote as JSON):
 * stringifyWithRawJson writes it into the answer as it is, so its rows are never parsed and
 * written again. Anything else that serialises it (a socket's message) gets the same value by
 * plain JSON.stringify, through toJSON.
 */
export class RawJson {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    if (!spliced) return JSON.parse(this.text);
    spliced.push(this.text);
    return `${MARK}${spliced.length - 1}`;
  }
}

/** A string no answer can hold otherwise: NUL (no stored value has one) and a per-process secret. */
const MARK = `\u0000raw-${randomBytes(16).toString("hex")}-`;
/** How the mark's string starts in JSON.stringify's output. */
const MARK_IN_JSON = JSON.stringify(MARK).slice(0, -1);

/** The raw texts met by the JSON.stringify running now (it is synchronous, so one at a time). */
let spliced: string[] | null = null;

/** JSON.stringify with every RawJson's text in its place, in one pass over the output. */
export function stringifyWithRawJson(value: unknown): string {
  const outer = spliced;
  const texts: string[] = (spliced = []);
  try {
    const text = JSON.stringify(value);
    if (texts.length === 0) return text;
    const parts = text.split(MARK_IN_JSON);
    let out = parts[0];
    for (let index = 1; index < parts.length; index++) {
      const part = parts[index];
      const end = part.indexOf('"');
      out += texts[Number(part.slice(0, end))] + part.slice(end + 1);
    }
    return out;
  } finally {
    spliced = outer;
  }
}
