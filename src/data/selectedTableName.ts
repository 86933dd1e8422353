import { readStored } from "../storage";

/**
 * The table the data screen shows, as far as the URL and storage tell (spec §2): the hash's
 * name, else the remembered last active table; the screen falls back to the first table.
 * The data route reads it to start the table's entries query with the screen's own.
 */
export function wantedTableName(hash: string): string | undefined {
  return safeDecode(hash) || readStored<string>("active-table");
}

function safeDecode(hash: string) {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}
