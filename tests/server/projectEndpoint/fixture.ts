import { addConnection, addEnum, addField, addObjectType, initialModel, renameObjectType, updateEnum, type FieldPatch, type SchemaModel } from "../../../src/domain/model";
import { setLiveVersion } from "../../../server/projectEndpoint/live";
import type { LiveVersionOptions } from "../../../server/projectEndpoint/contract";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";

/**
 * A live project for the project API's tests: a workspace owner, a project, a model made with
 * the editor's own operations, made live by calling SetLiveVersion directly (never through
 * publishing), and an API key.
 */
export interface LiveProject {
  t: TestPlatform;
  apiId: string;
  orgId: string;
  owner: { token: string; email: string };
  apiKey: string;
  /** POST to /p/<apiId>/graphql with an API key (default), a console token, or nothing. */
  call<T = any>(query: string, variables?: Record<string, unknown>, auth?: { apiKey?: string; token?: string } | null): Promise<{ status: number; data?: T; errors?: { message: string; extensions?: Record<string, any> }[] }>;
  goLive(model: SchemaModel, version?: number, options?: LiveVersionOptions): Promise<void>;
}

const field = (name: string, type: FieldPatch["type"], directives: string[] = [], extra: FieldPatch = {}): FieldPatch => ({
  name,
  type,
  directives: directives.map((directive) => ({ name: directive as never })),
  ...extra,
});

/** Author (has many Book) with a field of each kind the tests need; Book sorts by pages. */
export function libraryModel(): SchemaModel {
  const initial = initialModel();
  let model = renameObjectType(initial, initial.objectTypes[0].id, "Author");
  const authorId = model.objectTypes[0].id;
  const status = addEnum(model);
  model = updateEnum(status.model, status.id, { name: "Status", values: [{ name: "ACTIVE" }, { name: "RETIRED" }] });
  const fields: FieldPatch[] = [
    field("name", "String", ["requiredOnCreate"]),
    field("email", "Email", ["unique"]),
    field("age", "Integer", ["sortBy"]),
    field("rating", "Float"),
    field("active", "Boolean"),
    field("tags", "ListString"),
    field("meta", "Json"),
    field("born", "Date"),
    field("seen", "DateTime"),
    field("wakes", "Time"),
    field("stamp", "Timestamp"),
    field("ip", "IpAddress"),
    field("phone", "Phone"),
    field("site", "Url"),
    field("ref", "ID"),
    field("status", "Enum", [], { typeId: status.id }),
  ];
  for (const patch of fields) model = addField(model, authorId, patch).model;
  const book = addObjectType(model, "Book");
  model = book.model;
  model = addField(model, book.id, field("title", "String", ["required"])).model;
  model = addField(model, book.id, field("pages", "Integer", ["sortBy"])).model;
  return addConnection(model, authorId, book.id, "hasMany");
}

export async function liveProject(model: SchemaModel = libraryModel(), env: Record<string, string> = {}): Promise<LiveProject> {
  const t = await startTestPlatform(env);
  const owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Library Co" } }, owner.token);
  const orgId = org.data.createOrg.org.id as string;
  const api = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Library" } }, owner.token);
  const apiId = api.data.createApi.api.id as string;
  const project: LiveProject = {
    t,
    apiId,
    orgId,
    owner,
    apiKey: "",
    async goLive(next, version = 1, options) {
      await t.platform.db.transaction().execute((tx) => setLiveVersion(tx, { apiId, runId: `${apiId}-v${version}`, version, model: next, options }));
    },
    async call(query, variables = {}, auth) {
      const credentials = auth === undefined ? { apiKey: project.apiKey } : auth;
      const response = await fetch(`${t.url}/p/${apiId}/graphql`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(credentials?.apiKey ? { "x-api-key": credentials.apiKey } : {}),
          ...(credentials?.token ? { authorization: credentials.token } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, ...((await response.json()) as object) };
    },
  };
  await project.goLive(model);
  project.apiKey = (await t.platform.apiKeys.insertKey(t.platform.db, apiId)).key;
  return project;
}
