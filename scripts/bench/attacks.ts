// Attacks from outside reviews, each sent anonymously to the running server: how fast it is
// refused, and how /healthz answers while it runs. One entry per attack in ATTACKS; add a line
// there for a new one.
import { Agent } from "node:http";
import { cpuMs, send, type Call } from "./load";
import { fragmentChain, nestedArrays } from "../../tests/server/security/attackDocuments";

interface Attack {
  name: string;
  /** The i-th request; a document varies per request, so yoga's parser cache never answers for it. */
  call(i: number): Call;
  /** Whether the answer is the expected refusal (the bench fails loudly otherwise). */
  refused(answer: { status: number; body: string }): boolean;
  /** How often it is sent, one after the other. */
  times?: number;
}

const graphqlPost = (body: string): Call => ({ method: "POST", path: "/graphql", headers: { "content-type": "application/json" }, body });
/** Built on first use and then reused, so building a large body is neither measured nor repeated. */
const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const refusedWith = (messageId: string) => (answer: { body: string }) => answer.body.includes(`"messageId":"${messageId}"`);

const ATTACKS: Attack[] = [
  {
    name: "fragment chain, n = 22 (2^22 selections)",
    call: (i) => graphqlPost(JSON.stringify({ query: `${fragmentChain(22)}\n# ${i}` })),
    refused: refusedWith("error_query_limit"),
  },
  {
    name: "fragment chain, n = 40 (2^40 selections)",
    call: (i) => graphqlPost(JSON.stringify({ query: `${fragmentChain(40)}\n# ${i}` })),
    refused: refusedWith("error_query_limit"),
  },
  {
    name: "unused variable, 400,000 lists deep",
    call: once(() => graphqlPost(`{"query":"{ __typename }","variables":{"unused":${nestedArrays(400_000)}}}`)),
    refused: refusedWith("error_input_too_deep"),
  },
  {
    name: "a list of 100,000 items (a batch holds 100)",
    call: once(() => graphqlPost(JSON.stringify({ query: "{ __typename }", variables: { items: Array.from({ length: 100_000 }, () => ({})) } }))),
    refused: refusedWith("error_input_too_large"),
  },
  {
    name: "60,000 unused variables",
    call: once(() => graphqlPost(JSON.stringify({ query: "{ __typename }", variables: Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`v${i}`, 1])) }))),
    refused: refusedWith("error_input_too_large"),
  },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/**
 * Each attack in turn, `times` times, with /healthz polled alongside (every millisecond); the
 * server's CPU per attack request counts the polls too (clock ticks of 10 ms: an average).
 */
export async function benchAttacks({ base, pid }: { base: URL; pid: number }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  try {
    for (const attack of ATTACKS) {
      const refusals: number[] = [];
      const health: number[] = [];
      let attacking = true;
      const poll = (async () => {
        while (attacking) {
          const begin = performance.now();
          const { status } = await send(base, { method: "GET", path: "/healthz" }, agent);
          if (status !== 200) throw new Error(`/healthz answered ${status} during "${attack.name}"`);
          health.push(performance.now() - begin);
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      })();
      const cpuBefore = cpuMs(pid);
      for (let i = 0; i < (attack.times ?? 20); i++) {
        const call = attack.call(i);
        const begin = performance.now();
        const answer = await send(base, call, agent);
        refusals.push(performance.now() - begin);
        if (!attack.refused(answer)) throw new Error(`"${attack.name}" was not refused: ${answer.status} ${answer.body.slice(0, 200)}`);
      }
      const cpuPerRequest = (cpuMs(pid) - cpuBefore) / refusals.length;
      attacking = false;
      await poll;
      refusals.sort((a, b) => a - b);
      health.sort((a, b) => a - b);
      console.log(
        `${attack.name}: refused in p50 ${percentile(refusals, 0.5).toFixed(1)} ms, max ${refusals.at(-1)!.toFixed(1)} ms, ` +
          `server CPU ${cpuPerRequest.toFixed(1)} ms per request (${refusals.length} requests); ` +
          `/healthz meanwhile p95 ${percentile(health, 0.95).toFixed(1)} ms, max ${health.at(-1)!.toFixed(1)} ms (${health.length} polls)`,
      );
    }
  } finally {
    agent.destroy();
  }
}
