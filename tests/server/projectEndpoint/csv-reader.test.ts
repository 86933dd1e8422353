// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { describe, expect, it } from "vitest";
import { csvRecordReader } from "../../../server/projectEndpoint/csv/records";

/** The import's CSV reader, fed in chunks of every size: a chunk border may fall anywhere. */
const read = (text: string, chunk: number, maxChars = 1000, delimiter = ",") => {
  const reader = csvRecordReader(delimiter, maxChars);
  const records = [];
  for (let at = 0; at < text.length; at += chunk) records.push(...reader.feed(text.slice(at, at + chunk)));
  const last = reader.end();
  return last ? [...records, last] : records;
};

describe("csvRecordReader", () => {
  for (const chunk of [1, 2, 3, 7, 1000]) {
    it(`reads quoted cells, doubled quotes, line breaks in cells and CRLF/LF/CR line ends (chunks of ${chunk})`, () => {
      expect(read('a,b\r\n"x,""y""\nz",2\r\n\r\n\nlast,\n', chunk)).toEqual([
        { cells: ["a", "b"], fileLine: 1 },
        { cells: ['x,"y"\nz', "2"], fileLine: 2 },
        { cells: ["last", ""], fileLine: 6 },
      ]);
      expect(read("a;b\r1;2\r3;4", chunk, 1000, ";")).toEqual([
        { cells: ["a", "b"], fileLine: 1 },
        { cells: ["1", "2"], fileLine: 2 },
        { cells: ["3", "4"], fileLine: 3 },
      ]);
    });

    it(`names the line a quote never closed opened on (chunks of ${chunk})`, () => {
      expect(read('a,b\n1,"two\nlines"\n3,"open\n4,x\n', chunk)).toEqual([
        { cells: ["a", "b"], fileLine: 1 },
        { cells: ["1", "two\nlines"], fileLine: 2 },
        { cells: ["3", "open\n4,x\n"], fileLine: 4, unclosedQuoteLine: 4 },
      ]);
    });

    it(`stops a record growing at the limit and marks it (chunks of ${chunk})`, () => {
      expect(read("abcdef,g\nh", chunk, 4)).toEqual([
        { cells: ["abcd", ""], fileLine: 1, tooLong: true },
        { cells: ["h"], fileLine: 2 },
      ]);
    });
  }

  it("takes a quote inside an unquoted cell, and text after a closing quote, as they are", () => {
    expect(read('a,"b"c,d"e\n', 1000)).toEqual([{ cells: ["a", "bc", 'd"e'], fileLine: 1 }]);
  });
});
