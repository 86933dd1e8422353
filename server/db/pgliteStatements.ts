import { parse, protocol, types, type PGlite } from "@electric-sql/pglite";
import { preparedName } from "./preparedStatements";

const { serialize } = protocol;

/**
 * One statement as one message to PGlite's PostgreSQL: Parse, Bind, Describe, Execute and Sync
 * together. `PGlite.query` sends them one at a time, with an extra Describe to learn the
 * parameters' types, and each is a call into PostgreSQL's WebAssembly; a short statement spent
 * more in those calls than in its own work. A statement marked `prepared()` is parsed once under
 * its name (as the PostgreSQL pool does) and then only bound and executed.
 */
export function createStatementRunner(pglite: PGlite) {
  const parsed = new Set<string>();

  async function run(message: Uint8Array) {
    return parse.parseResults(await pglite.execProtocolStream(message), pglite.parsers)[0];
  }

  return async function runStatement(text: string, parameters: readonly unknown[]) {
    const name = preparedName(text);
    const values = parameters.map(toParameter);
    if (name && !parsed.has(name)) {
      // On its own, so a failed Bind of the first call leaves no doubt whether the name exists.
      await pglite.execProtocolStream(concat([serialize.parse({ name, text }), serialize.sync()]));
      parsed.add(name);
    }
    return run(
      concat([
        ...(name ? [] : [serialize.parse({ text })]),
        serialize.bind({ statement: name ?? "", values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
  };
}

/**
 * A parameter in PostgreSQL's text form, inferred from its JavaScript value as the `pg` driver
 * does (PostgreSQL then reads it as the type the statement gives it), so PGlite and PostgreSQL
 * receive the same text: bytes stay binary, dates are ISO timestamps, arrays are array literals
 * and other objects JSON.
 */
function toParameter(value: unknown): string | Uint8Array | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (value instanceof Uint8Array) return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return types.arraySerializer(value, arrayElement, 0);
  if (typeof value === "object") return JSON.stringify(value, (_, item) => (typeof item === "bigint" ? item.toString() : item));
  return String(value);
}

function arrayElement(value: unknown): string {
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString("hex")}`;
  return toParameter(value) as string;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
