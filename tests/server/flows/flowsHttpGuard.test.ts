// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FlowSchema } from "../../../src/domain/flows/types";
import { GENEROUS_LIMITS } from "../limits";
import { liveProject, type LiveProject } from "../projectEndpoint/fixture";
import { startEchoServer, type EchoServer } from "./echoServer";

/**
 * The attack: a member who may edit flows points an HTTP request step at the server's own network
 * (loopback, a name that resolves to it, cloud metadata on link-local) to reach what only the
 * server can. With the platform's defaults each such step fails before a request leaves.
 */
let p: LiveProject;
let echo: EchoServer;

beforeAll(async () => {
  p = await liveProject(undefined, { LIMITS: GENEROUS_LIMITS });
  echo = await startEchoServer();
}, 60_000);
afterAll(async () => {
  await echo?.close();
  await p?.t.close();
});

const gql = (query: string, variables: Record<string, unknown> = {}) => p.t.graphql(query, variables, p.owner.token);

async function runOnce(url: string) {
  const schema: FlowSchema = { triggers: [{ id: "now", name: "Run now", variant: "manual" }], steps: [{ id: "call", variant: "httpRequest", method: "GET", url }], startStep: "call" };
  const flow = await gql(`mutation ($input: CreateFlowInput!) { createFlow(input: $input) { id } }`, { input: { apiId: p.apiId, name: `Probe ${url}`.slice(0, 200), schema: JSON.stringify(schema) } });
  expect(flow.errors).toBeUndefined();
  const flowId = flow.data.createFlow.id as string;
  await gql(`mutation ($input: RunFlowInput!) { runFlow(input: $input) { id } }`, { input: { id: flowId } });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [run] = (await gql(`query ($id: ID!) { flowRunsByFlow(flowId: $id) { items { status error } } }`, { id: flowId })).data.flowRunsByFlow.items;
    if ((run && ["SUCCEEDED", "FAILED", "LIMITED"].includes(run.status)) || Date.now() > deadline) return run as { status: string; error: string };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a flow's HTTP request step calls public addresses only", () => {
  it("refuses loopback by address and by name, and never reaches the service", async () => {
    const port = new URL(echo.url).port;
    for (const url of [`${echo.url}/secret`, `http://localhost:${port}/secret`, `http://[::ffff:127.0.0.1]:${port}/secret`]) {
      const run = await runOnce(url);
      expect(run.status, url).toBe("FAILED");
      expect(run.error, url).toContain("not a public address");
    }
    expect(echo.requests).toEqual([]);
  });

  it("refuses the cloud metadata address (link-local) and private networks", async () => {
    for (const url of ["http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/", "http://192.168.1.1/"]) {
      const run = await runOnce(url);
      expect(run.status, url).toBe("FAILED");
      expect(run.error, url).toContain("not a public address");
    }
  });
});
