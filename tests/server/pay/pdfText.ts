import { inflateSync } from "node:zlib";

/**
 * The text a PDF drawn by pdf-lib shows, line by line: its content streams inflated and the
 * strings of their text operators decoded (standard fonts: WinAnsi, which is Latin-1 but for €).
 */
export function pdfText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes);
  const raw = buffer.toString("latin1");
  const shown: string[] = [];
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(buffer.subarray(start, end)).toString("latin1");
    } catch {
      content = raw.slice(start, end);
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      shown.push(Buffer.from(text[1], "hex").toString("latin1").replace(/\x80/g, "€").replace(/\x96/g, "–").replace(/\xa0/g, " "));
    }
    streams.lastIndex = end;
  }
  return shown.join("\n");
}
