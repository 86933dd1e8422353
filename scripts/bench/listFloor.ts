// The floor of a project list: the list's own SQL — the statement the store runs for
// the page, with the same filter, sort, limit and byte budget — through the same driver in the
// server's process, without HTTP, GraphQL or JSON. Measured in the same run as the list, so a
// list's figure can be printed as a ratio to it on a busy machine as on a quiet one.
import type { Db } from "../../server/db/database";
import { DEFAULT_LIMITS } from "../../server/limits/settings";
import { compileFilter } from "../../server/projectEndpoint/entries/filters";
import { listEntries, type ListQuery } from "../../server/projectEndpoint/entries/store";
import type { SchemaModel } from "../../src/domain/model";

export interface FloorTable {
  apiId: string;
  model: SchemaModel;
}

export interface FloorRequest {
  project: string;
  categories: string[];
  clients: number;
  total: number;
}

export interface FloorResult {
  p50: number;
  perSecond: number;
  /** This process's CPU (user + system) per statement, in ms: on a busy machine steadier than time. */
  cpuPerStatement: number;
}

/** As entries.ts builds it for `listItem(limit: 100, sortBy: score, filter: { category: { eq } })`. */
function listQuery(table: FloorTable, category: string): ListQuery {
  const type = table.model.objectTypes[0];
  return {
    apiId: table.apiId,
    typeId: type.id,
    limit: 100,
    sort: { field: "score", order: "DESC" },
    after: null,
    filter: compileFilter({ category: { eq: category } }, new Map(type.fields.map((field) => [field.name, field]))),
    range: null,
    owner: null,
    maxBytes: DEFAULT_LIMITS.responseMaxBytes,
  };
}

/** `clients` loops running the list's SQL until `total` statements ran: p50 and statements/s. */
export async function measureFloor(db: Db, table: FloorTable, request: FloorRequest): Promise<FloorResult> {
  const queries = request.categories.map((category) => listQuery(table, category));
  const latencies: number[] = [];
  let started = 0;
  const cpuBefore = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: request.clients }, async () => {
      while (started < request.total) {
        const query = queries[started++ % queries.length];
        const begin = performance.now();
        await listEntries(db, query);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  return { p50: latencies[Math.floor(latencies.length / 2)], perSecond: latencies.length / seconds, cpuPerStatement: (cpu.user + cpu.system) / 1000 / latencies.length };
}
