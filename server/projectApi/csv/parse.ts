import { Transform, type Readable } from "node:stream";
import Papa from "papaparse";
import type { CsvRecord } from "./rows";

/** Bytes to text in the file's encoding, across chunk borders (a character may be split). */
function decoder(encoding: string) {
  const text = new TextDecoder(encoding);
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      done(null, text.decode(chunk, { stream: true }));
    },
    flush(done) {
      const rest = text.decode();
      done(null, rest || undefined);
    },
  });
}

/**
 * The file's records, streamed through papaparse (quoted cells with doubled quotes and line
 * breaks, spec §5) with the separator found at upload; memory stays flat whatever the size.
 * Lines count records, the header being line 1; wholly empty lines are skipped and not counted.
 */
export async function* csvRecords(source: Readable, encoding: string, delimiter: string): AsyncGenerator<CsvRecord> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, skipEmptyLines: true }) as NodeJS.ReadWriteStream;
  const text = source.pipe(decoder(encoding));
  text.pipe(parser);
  source.once("error", (error) => parser.emit("error", error));
  let line = 0;
  for await (const cells of parser as AsyncIterable<string[]>) {
    line++;
    // The UTF-8 byte order mark is taken by TextDecoder; other encodings' marks are not cells.
    if (line === 1 && cells[0]?.charCodeAt(0) === 0xfeff) cells[0] = cells[0].slice(1);
    yield { line, cells };
  }
}

/** The header and separator from the first bytes of a file: comma unless semicolons fit better. */
export function readHeader(head: string): { header: string[]; delimiter: string } | null {
  const firstLines = head.replace(/^\uFEFF/, "");
  const parsed = Papa.parse<string[]>(firstLines, { preview: 1, delimitersToGuess: [",", ";"], skipEmptyLines: true });
  const header = parsed.data[0];
  if (!header || header.every((cell) => cell.trim() === "")) return null;
  const delimiter = parsed.meta.delimiter === ";" ? ";" : ",";
  return { header: header.map((cell) => cell.trim()), delimiter };
}
