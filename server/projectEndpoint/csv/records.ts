/**
 * A CSV reader fed text in chunks, one pass over each character (spec §5: quoted cells with
 * doubled quotes, separators and line breaks in them). It exists beside papaparse because the
 * import must know what papaparse's stream does not say: where a quote that is never closed was
 * opened, and where a record ends. Papaparse also reads an open quote again with every chunk,
 * so one stray quote in a large file made the work grow with the square of the file.
 */

/** One record and the line of the file it starts on (quoted line breaks make the two counts differ). */
export interface ParsedRecord {
  cells: string[];
  fileLine: number;
  /** The record was cut at the reader's limit: it is not imported. */
  tooLong?: boolean;
  /** The line where a quote opened that the file never closes: the rest of the file is in this record. */
  unclosedQuoteLine?: number;
}

type State = "cellStart" | "plain" | "quoted" | "quoteInQuoted";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `feed` returns the records a chunk completes; `end` the last one, if the file does not end
 * with a line break. Lines end with CRLF, LF or CR; wholly empty lines are no records. A record
 * stops growing at `maxChars` (memory stays bounded whatever the file holds) and is marked.
 */
export function csvRecordReader(delimiter: string, maxChars: number) {
  const special = new RegExp(`[${escapeRegExp(delimiter)}\\r\\n]`, "g");
  let state: State = "cellStart";
  let cells: string[] = [];
  let cell = "";
  let chars = 0;
  let tooLong = false;
  let fileLine = 1;
  let recordLine = 1;
  let quoteLine = 0;
  let afterCr = false;

  const append = (text: string) => {
    if (chars + text.length > maxChars) {
      tooLong = true;
      text = text.slice(0, Math.max(0, maxChars - chars));
    }
    cell += text;
    chars += text.length;
  };
  const countLines = (text: string, from: number, to: number) => {
    for (let at = text.indexOf("\n", from); at !== -1 && at < to; at = text.indexOf("\n", at + 1)) fileLine++;
  };
  const endCell = () => {
    cells.push(cell);
    cell = "";
  };
  const takeRecord = (): ParsedRecord => {
    endCell();
    const record: ParsedRecord = { cells, fileLine: recordLine, ...(tooLong ? { tooLong } : {}) };
    cells = [];
    chars = 0;
    tooLong = false;
    state = "cellStart";
    return record;
  };
  const isEmptyLine = (record: ParsedRecord) => record.cells.length === 1 && record.cells[0] === "";

  function feed(text: string): ParsedRecord[] {
    const records: ParsedRecord[] = [];
    let at = 0;
    while (at < text.length) {
      if (state === "quoted") {
        const quote = text.indexOf('"', at);
        const end = quote === -1 ? text.length : quote;
        append(text.slice(at, end));
        countLines(text, at, end);
        if (quote === -1) break;
        at = quote + 1;
        state = "quoteInQuoted";
        continue;
      }
      if (state === "quoteInQuoted") {
        // A doubled quote is one quote of the cell; anything else closes the quoted part.
        if (text[at] === '"') {
          append('"');
          at++;
          state = "quoted";
          continue;
        }
        state = "plain";
      }
      if (afterCr) {
        afterCr = false;
        if (text[at] === "\n") {
          at++;
          continue;
        }
      }
      if (state === "cellStart" && text[at] === '"') {
        state = "quoted";
        quoteLine = fileLine;
        at++;
        continue;
      }
      special.lastIndex = at;
      const found = special.exec(text);
      const end = found ? found.index : text.length;
      if (end > at) {
        append(text.slice(at, end));
        state = "plain";
      }
      if (!found) break;
      at = end + 1;
      if (found[0] === delimiter) {
        endCell();
        state = "cellStart";
        continue;
      }
      afterCr = found[0] === "\r";
      fileLine++;
      const record = takeRecord();
      recordLine = fileLine;
      if (!isEmptyLine(record)) records.push(record);
    }
    return records;
  }

  function end(): ParsedRecord | null {
    if (state === "quoted") return { ...takeRecord(), unclosedQuoteLine: quoteLine };
    if (state === "cellStart" && cells.length === 0) return null;
    const record = takeRecord();
    return isEmptyLine(record) ? null : record;
  }

  return { feed, end };
}
