import { CompiledQuery, sql, type Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { Tables } from "../db/tables";
import type { Db } from "../db/database";
import type { SchemaModel } from "../../src/domain/model";
import type { LiveVersion, LiveVersionOptions, SetLiveVersion } from "./contract";
import { ensureIndexes } from "./entries/indexes";
import { isImported } from "../../src/domain/apiState";
import { parseOidc, type OidcConfig } from "../../src/domain/project";
import { hashApiKey } from "./access/apiKeys";
import { prepared } from "../db/preparedStatements";

/** How a project's callers sign in (spec §3 Api: defaultAuthMode, additionalAuthModes, oidc). */
export interface ProjectAuth {
  defaultMode: string;
  additionalModes: string[];
  oidc: OidcConfig | null;
}

export const usesAuthMode = (auth: ProjectAuth, mode: string) => auth.defaultMode === mode || auth.additionalModes.includes(mode);

/**
 * Makes a version the one /p/<apiId>/graphql serves. Called by publishing inside the
 * transaction that marks the project PUBLISHED, so the switch commits with the state; a
 * request reads the live version once when it starts and finishes on it.
 */
export const setLiveVersion: SetLiveVersion = async (tx: Kysely<Tables>, live: LiveVersion) => {
  await ensureIndexes(tx, live.apiId, live.model);
  await tx
    .insertInto("project_live_versions")
    .values({ api_id: live.apiId, run_id: live.runId, version: live.version, model: JSON.stringify(live.model), options: JSON.stringify(live.options ?? {}) })
    .onConflict((conflict) =>
      conflict.column("api_id").doUpdateSet({
        run_id: live.runId,
        version: live.version,
        model: JSON.stringify(live.model),
        options: JSON.stringify(live.options ?? {}),
        updated_at: sql`now()`,
      }),
    )
    .execute();
};

interface Head {
  run_id: string;
  org_id: string;
  creation_type: string;
  state: string;
  default_auth_mode: string;
  additional_auth_modes: string[];
  oidc: string | null;
  api_key_id: string | null;
  api_key_expires_at: Date | string | null;
  flow_tables: string[] | null;
}

/**
 * What every request to a project's endpoint reads first: which run is live, the project's auth
 * modes, and the id and expiry of the caller's API key ($2, its hash; key hashes are unique) if it
 * belongs to the project and has not expired ($3, the server's clock) — one round trip. Written out once rather than built by
 * the query builder, which compiled it anew on every request, and prepared.
 */
const HEAD_SQL = prepared(`select v.run_id, a.org_id, a.creation_type, a.state, a.default_auth_mode, a.additional_auth_modes, a.oidc,
    k.id as api_key_id, k.expires_at as api_key_expires_at,
    (select array_agg(distinct t) from flows f, unnest(f.data_tables) t where f.api_id = v.api_id) as flow_tables
  from project_live_versions v join apis a on a.id = v.api_id
    left join project_api_keys k on k.key_hash = $2 and k.api_id = v.api_id and k.expires_at > $3::timestamptz
  where v.api_id = $1`);

/**
 * What each live version is turned into (the generated schema), built once per version and
 * kept for the `maxProjects` most recently called projects: a process serving many projects
 * holds a bounded number of schemas, and a project that was dropped is built again on its next
 * request. Each request asks the database only which run is live (a primary-key read), so every
 * server process switches when the publishing transaction commits.
 */
export function createLiveCache<Built>(build: (live: LiveVersion & { orgId: string }) => Built, maxProjects: number) {
  const cache = new LRUCache<string, { runId: string; built: Built; live: LiveVersion & { orgId: string } }>({ max: maxProjects });

  /** The live version, and with `apiKey` the id and expiry of that key if it is valid for the project (null if not). */
  async function current(db: Db, apiId: string, apiKey?: string) {
    const key = apiKey === undefined ? null : hashApiKey(apiKey);
    const [head] = (await db.executeQuery(CompiledQuery.raw(HEAD_SQL, [apiId, key, new Date().toISOString()]))).rows as Head[];
    if (!head) {
      cache.delete(apiId);
      return null;
    }
    const imported = isImported({ creationType: head.creation_type, state: head.state });
    // The project's auth modes as they are now (not as published): who may call it.
    const auth: ProjectAuth = { defaultMode: head.default_auth_mode, additionalModes: head.additional_auth_modes, oidc: parseOidc(head.oidc) ?? null };
    const apiKeyId = head.api_key_id ?? null;
    const apiKeyExpiresAt = head.api_key_expires_at === null ? null : new Date(head.api_key_expires_at).getTime();
    // The tables the project's flows watch, read with the head: a write to any other starts no run and asks nothing more.
    const flowTables = head.flow_tables ?? [];
    const cached = cache.get(apiId);
    if (cached?.runId === head.run_id) return { ...cached, imported, auth, apiKeyId, apiKeyExpiresAt, flowTables };
    const row = await db
      .selectFrom("project_live_versions")
      .selectAll()
      .where("api_id", "=", apiId)
      .executeTakeFirst();
    if (!row) return null;
    const live = { apiId, runId: row.run_id, version: row.version, model: row.model as SchemaModel, options: (row.options ?? {}) as LiveVersionOptions, orgId: head.org_id };
    const entry = { runId: row.run_id, live, built: build(live) };
    cache.set(apiId, entry);
    return { ...entry, imported, auth, apiKeyId, apiKeyExpiresAt, flowTables };
  }

  /** How many projects' schemas are held now (never more than `maxProjects`). */
  current.size = () => cache.size;
  return current;
}
