// `npm run dev`: the server (restarting on changes, via tsx) behind Vite with hot reload.
import { spawn } from "node:child_process";

const children = [
  spawn("node", ["scripts/relay.mjs", "--watch"], { stdio: "inherit" }),
  spawn("npx", ["tsx", "watch", "server/index.ts"], { stdio: "inherit" }),
  spawn("npx", ["vite"], { stdio: "inherit" }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
