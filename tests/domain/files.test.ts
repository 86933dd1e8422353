import { describe, expect, it } from "vitest";
import { fileKeyProblem, fileNameOf, normaliseFileKey, runtimeOf } from "../../src/domain/files";

describe("spec §5 'File names are normalised: characters other than letters, digits, slash and dot become underscores'", () => {
  it("replaces every other character, keeping folders and extensions", () => {
    expect(normaliseFileKey("reports/Q1 report (final).pdf")).toBe("reports/Q1_report__final_.pdf");
    expect(normaliseFileKey("Grüße-2026.txt")).toBe("Gr__e_2026.txt");
  });

  it("refuses path tricks: absolute keys, '..' and '.' segments, empty segments, and empty or overlong keys", () => {
    for (const key of ["/etc/passwd", "../up.txt", "a/../../up.txt", "a/./b", "a//b", "a/"]) expect(fileKeyProblem(normaliseFileKey(key))).toBe("error_file_key_invalid");
    expect(fileKeyProblem("")).toBe("error_file_key_empty");
    expect(fileKeyProblem("a".repeat(513))).toBe("error_file_key_too_long");
    expect(fileKeyProblem("not normalised.txt")).toBe("error_file_key_invalid");
    expect(fileKeyProblem("images/logo.v2.png")).toBeNull();
  });

  it("names a file by its key's last segment", () => {
    expect(fileNameOf("images/logo.png")).toBe("logo.png");
    expect(fileNameOf("logo.png")).toBe("logo.png");
  });
});

describe("spec §9 'Runtimes: Node.js 18 (default, for js, mjs and cjs), Python 3.10, Ruby 3.2'", () => {
  it("takes the runtime from the extension of the accepted files (§5 .js, .mjs, .cjs, .py and .rb)", () => {
    expect(["a.js", "a.mjs", "a.CJS", "a.py", "a.rb"].map(runtimeOf)).toEqual(["nodejs18.x", "nodejs18.x", "nodejs18.x", "python3.10", "ruby3.2"]);
    expect(["a.sh", "js", "a.json", "a"].map(runtimeOf)).toEqual([null, null, null, null]);
  });
});
