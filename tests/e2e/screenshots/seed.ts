import type { Browser, Page } from "@playwright/test";
import { expect, signUpWithWorkspace, type PlatformProcess } from "../platform";
import { publishableModel } from "../../server/publishing/models";
import { addField, addObjectType } from "../../../src/domain/model";

/** Fixed names and addresses: the server is the worker's own, so nothing collides. */
export const OWNER = "owner@example.com";
export const WORKSPACE = "Snapshot Co";
const MEMBERS = [
  { userEmail: "ada@example.com", type: "DEV" },
  { userEmail: "grace@example.com", type: "GUEST" },
];
const RECIPES = [
  { title: "Apple pie", servings: 8, price: 12.5 },
  { title: "Beetroot soup", servings: 4, price: 6.25 },
  { title: "Cheese omelette", servings: 1, price: 4 },
  { title: "Dumplings", servings: 6, price: 9.75 },
  { title: "Egg fried rice", servings: 2, price: 5.5 },
];

export type ScreenshotSeed = { orgId: string; publishedId: string; credentials: Record<string, string> };

/** The model of the published project: the users table and Recipe, sorted by servings. */
function recipesModel() {
  const added = addObjectType(publishableModel(), "Recipe");
  let model = addField(added.model, added.id, { name: "title", type: "String" }).model;
  model = addField(model, added.id, { name: "servings", type: "Integer", directives: [{ name: "sortBy" }] }).model;
  return addField(model, added.id, { name: "price", type: "Float" }).model;
}

/** The console's own token, as the network layer sends it. */
function tokenOf(page: Page) {
  return page.evaluate(() => atob(Object.entries(sessionStorage).find(([key]) => key.endsWith(".accessToken"))?.[1] ?? ""));
}

/** One GraphQL call through the real server with the signed-in console's token; fails on any error. */
async function call<T>(page: Page, path: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const token = await tokenOf(page);
  const body = await page.evaluate(
    async ({ path, query, variables, token }) => {
      const response = await fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: token },
        body: JSON.stringify({ query, variables }),
      });
      return response.json();
    },
    { path, query, variables, token },
  );
  expect(body.errors, `${query.slice(0, 60)}…`).toBeUndefined();
  return body.data as T;
}

/**
 * A workspace as a user builds it, always with the same contents: the owner signs up through
 * the UI; two invited members, the billing details, an unpublished project and a published one
 * with five recipes are made through the platform's GraphQL API and the project's endpoint.
 */
export async function seedSnapshotWorkspace(browser: Browser, platform: PlatformProcess): Promise<ScreenshotSeed> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpWithWorkspace(page, platform, OWNER, WORKSPACE);
  const orgId = new URL(page.url()).pathname.split("/")[2];

  for (const member of MEMBERS) {
    await call(page, "/graphql", "mutation ($input: CreateRoleInput!) { createRole(input: $input) { role { id } } }", {
      input: { orgId, ...member, locale: "en" },
    });
  }
  await call(page, "/graphql", "mutation ($input: CreateBillingAccountInput!) { createBillingAccount(input: $input) { id } }", {
    input: {
      orgId,
      name: "Snapshot Company GmbH",
      billingEmail: "billing@example.com",
      billingAddress: JSON.stringify({ country: "DE", city: "Berlin", line1: "Musterstraße 1", postalCode: "10115" }),
      vatId: "DE123456789",
    },
  });

  const createApi = (name: string) =>
    call<{ createApi: { api: { id: string } } }>(page, "/graphql", "mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }", {
      input: { orgId, name },
    }).then((data) => data.createApi.api.id);
  const publishedId = await createApi("Recipes");
  await createApi("Inventory");

  await call(page, "/graphql", "mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { api { id } } }", {
    input: { apiId: publishedId, schema: JSON.stringify(recipesModel()) },
  });
  await expect
    .poll(
      async () =>
        (await call<{ node: { state: string } }>(page, "/graphql", "query ($id: ID!) { node(id: $id) { ... on Api { state } } }", { id: publishedId })).node.state,
      { timeout: 60_000 },
    )
    .toBe("PUBLISHED");
  await call(page, `/p/${publishedId}/graphql`, "mutation ($items: [TypeItemInput!]!) { batchCreateType(ofType: \"Recipe\", items: $items) { id } }", {
    items: RECIPES.map((recipe) => ({ fields: JSON.stringify(recipe) })),
  });

  const credentials = await page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)));
  await context.close();
  return { orgId, publishedId, credentials };
}
