import { startProjectServer } from "./project-api";
const server = await startProjectServer(4536, { DATA_DIR: "memory://", BENCH_SIZES: "10" , LOG_LEVEL: "info"});
const { apiId, key } = Object.values(server.prepared.projects)[0];
const lines = ["title,score,category"]; for (let n = 0; n < 100000; n++) lines.push(`t${n},${n},c`);
try {
  const r = await fetch(new URL(`/p/${apiId}/imports?table=Item&fileName=bench.csv`, server.base), { method: "POST", headers: { "x-api-key": key }, body: lines.join("\r\n") });
  console.log(r.status, (await r.text()).slice(0, 300));
} catch (e) { console.log("ERR", e); }
await server.stop();
