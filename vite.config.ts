import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { relayPlugin } from "./scripts/vite/relayPlugin";
import { loginBundleGuard } from "./scripts/vite/loginBundleGuard";
import { dataPageBundleGuard } from "./scripts/vite/dataPageBundleGuard";
import { graphiqlWithoutFonts } from "./scripts/vite/graphiqlWithoutFonts";

const server = `http://localhost:${process.env.PORT ?? 4000}`;
// Paths the platform server answers; `npm run dev` proxies them so the console runs on Vite.
const proxied = ["/graphql", "/auth", "/mail", "/mail.json", "/healthz", "/p", "/storage", "/pay", "/apps"];

export default defineConfig({
  plugins: [graphiqlWithoutFonts(), react(), relayPlugin("./src/__generated__"), loginBundleGuard(), dataPageBundleGuard()],
  // amazon-cognito-identity-js expects Node's `global` (via buffer@4).
  define: { global: "globalThis" },
  build: {
    outDir: "dist/console",
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // The customer app page (/apps/<appId>/, server/apps/http.ts) is its own small entry, not the console's.
    rollupOptions: { input: { main: "index.html", apps: "apps.html" } },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: server, ws: path === "/graphql" }])),
  },
});
