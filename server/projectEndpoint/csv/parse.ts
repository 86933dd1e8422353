import { Transform, type Readable } from "node:stream";
import Papa from "papaparse";
import { CSV_HEADER_MAX_BYTES, CSV_ROW_MAX_CHARS } from "../../../src/domain/csv";
import { csvRecordReader, type ParsedRecord } from "./records";
import type { CsvRecord, RowProblem } from "./rows";

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

/** Why the reader could not take a record as it is: a quote left open, or a record beyond the limit. */
function problemOf(record: ParsedRecord): RowProblem | undefined {
  if (record.unclosedQuoteLine) return { messageId: "error_csv_quote_unclosed", values: { fileLine: record.unclosedQuoteLine } };
  if (record.tooLong) return { messageId: "error_csv_row_too_long", values: { max: CSV_ROW_MAX_CHARS, fileLine: record.fileLine } };
  return undefined;
}

/**
 * The file's records, streamed with the separator found at upload; memory stays flat whatever
 * the size. Lines count records, the header being line 1; wholly empty lines are skipped and
 * not counted. A record the reader could not take whole carries its problem and fails as a row.
 */
export async function* csvRecords(source: Readable, encoding: string, delimiter: string): AsyncGenerator<CsvRecord> {
  const reader = csvRecordReader(delimiter, CSV_ROW_MAX_CHARS);
  const text = source.pipe(decoder(encoding));
  source.once("error", (error) => text.destroy(error));
  let line = 0;
  const numbered = (record: ParsedRecord): CsvRecord => {
    line++;
    // The UTF-8 byte order mark is taken by TextDecoder; other encodings' marks are not cells.
    if (line === 1 && record.cells[0]?.charCodeAt(0) === 0xfeff) record.cells[0] = record.cells[0].slice(1);
    const problem = problemOf(record);
    return { line, cells: record.cells, ...(problem ? { problem } : {}) };
  };
  for await (const chunk of text as AsyncIterable<string>) {
    for (const record of reader.feed(chunk)) yield numbered(record);
  }
  const last = reader.end();
  if (last) yield numbered(last);
}

export type HeaderRead = { header: string[]; delimiter: string } | { problem: "error_csv_no_header" | "error_csv_header_too_long" | "error_csv_header_quote_unclosed" };

/**
 * The header and separator from the first bytes of a file (comma unless semicolons fit better).
 * `whole` says the file ends within them; otherwise a header that does not end within them is
 * refused rather than cut short, which would fail every row.
 */
export function readHeader(head: string, whole: boolean): HeaderRead {
  const firstLines = head.replace(/^\uFEFF/, "");
  const guessed = Papa.parse<string[]>(firstLines, { preview: 1, delimitersToGuess: [",", ";"], skipEmptyLines: true });
  const delimiter = guessed.meta.delimiter === ";" ? ";" : ",";
  const reader = csvRecordReader(delimiter, CSV_HEADER_MAX_BYTES);
  const ended = reader.feed(firstLines)[0];
  if (!ended && !whole) return { problem: "error_csv_header_too_long" };
  const first = ended ?? reader.end();
  if (first?.unclosedQuoteLine) return { problem: "error_csv_header_quote_unclosed" };
  if (!first || first.cells.every((cell) => cell.trim() === "")) return { problem: "error_csv_no_header" };
  return { header: first.cells.map((cell) => cell.trim()), delimiter };
}
