import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/**
 * Libraries and rules the sign-in page must not load: each came onto it once by an
 * innocent-looking import (arktype through the account rules; the field rules with ipaddr.js
 * through the router's ?filter= parsing) and is only needed after signing in.
 */
const KEPT_OFF_LOGIN = [/[\\/]node_modules[\\/](arktype|@ark)[\\/]/, /[\\/]node_modules[\\/]ipaddr\.js[\\/]/, /[\\/]src[\\/]domain[\\/]fields[\\/]/, /[\\/]node_modules[\\/](relay-runtime|react-relay)[\\/]/, /[\\/]node_modules[\\/]amazon-cognito-identity-js[\\/]/, /[\\/]node_modules[\\/]@?codemirror/, /[\\/]node_modules[\\/]@?graphiql/];

export interface ChunkLike {
  type: "chunk";
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
}

/** The chunk and every chunk it imports statically: what the browser loads (and preloads) with it. */
export function staticClosure(start: ChunkLike, chunks: Map<string, ChunkLike>): ChunkLike[] {
  const seen = new Map<string, ChunkLike>();
  const visit = (chunk: ChunkLike) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const imported of chunk.imports) {
      const next = chunks.get(imported);
      if (next) visit(next);
    }
  };
  visit(start);
  return [...seen.values()];
}

/**
 * Fails the build (and so CI's build stage) when the sign-in page's chunks — the entry and the
 * login screen with their static imports — contain a library of KEPT_OFF_LOGIN, naming the
 * module and the chunk, and prints the page's static weight. `npm run bench` measures the page
 * in the browser; this catches the regression where it happens.
 */
export function loginBundleGuard(loginScreen = "/src/auth/LoginScreen.tsx"): Plugin {
  return {
    name: "baukasten:login-bundle-guard",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const output of Object.values(bundle)) if (output.type === "chunk") chunks.set(output.fileName, output as unknown as ChunkLike);
      // The customer app page (apps.html) is an entry of its own and signs its users in itself.
      const isAppPage = (chunk: ChunkLike) => /apps\.html$|[\\/]src[\\/]app[\\/]main\.tsx$/.test(chunk.facadeModuleId ?? "");
      const starts = [...chunks.values()].filter((chunk) => (chunk.isEntry && !isAppPage(chunk)) || chunk.facadeModuleId?.endsWith(loginScreen));
      if (!starts.some((chunk) => !chunk.isEntry)) this.error(`login bundle guard: no chunk for ${loginScreen}`);
      const loaded = new Map(starts.flatMap((start) => staticClosure(start, chunks)).map((chunk) => [chunk.fileName, chunk]));
      const offending = [...loaded.values()].flatMap((chunk) =>
        chunk.moduleIds.filter((id) => KEPT_OFF_LOGIN.some((pattern) => pattern.test(id))).map((id) => `${id} (in ${chunk.fileName})`),
      );
      if (offending.length) {
        this.error(`the sign-in page would load modules it must not (see scripts/vite/loginBundleGuard.ts):\n  ${offending.slice(0, 10).join("\n  ")}`);
      }
      const bytes = [...loaded.values()].reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0);
      this.info(`sign-in page: ${(bytes / 1024).toFixed(1)} KB gzip of JavaScript in ${loaded.size} chunks before its runtime imports`);
    },
  };
}
