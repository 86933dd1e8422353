import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { RoleType } from "../../src/domain/permissions";

/**
 * The role × action table of docs/ROLES.md, read from the page itself, so the page, the domain
 * functions and the server are checked against one another.
 */
export function readRoleTable(): Map<string, Record<RoleType, boolean>> {
  const lines = readFileSync(resolve(__dirname, "../../docs/ROLES.md"), "utf8").split("\n");
  const table = new Map<string, Record<RoleType, boolean>>();
  let header: RoleType[] = [];
  for (const line of lines) {
    const cells = line.split("|").slice(1, -1).map((cell) => cell.trim());
    if (cells[0] === "action") header = cells.slice(1) as RoleType[];
    const action = cells[0]?.match(/^`([\w.]+)`/)?.[1];
    if (!action) continue;
    const row = {} as Record<RoleType, boolean>;
    header.forEach((role, i) => {
      if (cells[i + 1] !== "✓" && cells[i + 1] !== "✗") throw new Error(`ROLES.md: ${action}/${role} is neither ✓ nor ✗`);
      row[role] = cells[i + 1] === "✓";
    });
    table.set(action, row);
  }
  return table;
}
