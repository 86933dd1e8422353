// "A refused query is answered within 100 ms […]; /healthz keeps answering
// while 20 clients send such queries." Measured here against the running server, not in a test.
import { Agent } from "node:http";
import { send, type Call } from "./load";

/** The review's attack: `org { apis { edges { node { org { apis … } } } } }`, 30 levels, anonymous. */
function deepQuery(levels: number): Call {
  let selection = "id";
  for (let level = 0; level < levels; level++) selection = `org(id: "org_x") { apis { edges { node { ${selection} } } } }`;
  return { method: "POST", path: "/graphql", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: `{ ${selection} }` }) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** 20 clients send the 30-level query 10 times each while one more polls /healthz. */
export async function benchRefusal(base: URL, clients = 20, perClient = 10) {
  const attack = deepQuery(30);
  const agent = new Agent({ keepAlive: true, maxSockets: clients + 1 });
  const refusals: number[] = [];
  const health: number[] = [];
  let attacking = true;
  const poll = (async () => {
    while (attacking) {
      const begin = performance.now();
      const { status } = await send(base, { method: "GET", path: "/healthz" }, agent);
      if (status !== 200) throw new Error(`/healthz answered ${status} during the attack`);
      health.push(performance.now() - begin);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < perClient; i++) {
        const begin = performance.now();
        const { body } = await send(base, attack, agent);
        refusals.push(performance.now() - begin);
        if (!body.includes("limit")) throw new Error(`the 30-level query was not refused: ${body.slice(0, 200)}`);
      }
    }),
  );
  attacking = false;
  await poll;
  agent.destroy();
  refusals.sort((a, b) => a - b);
  health.sort((a, b) => a - b);
  console.log(
    `30-level query refused (${clients} clients): p50 ${percentile(refusals, 0.5).toFixed(1)} ms  p95 ${percentile(refusals, 0.95).toFixed(1)} ms  ` +
      `max ${refusals.at(-1)!.toFixed(1)} ms (target < 100 ms); /healthz meanwhile p95 ${percentile(health, 0.95).toFixed(1)} ms, max ${health.at(-1)!.toFixed(1)} ms (${health.length} polls)`,
  );
}
