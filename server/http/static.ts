import { existsSync, readFileSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * Serves the built console. Hashed assets are cached for a year; every other path falls back
 * to index.html (history-mode routing), with the console's runtime configuration injected.
 */
export function createStaticHandler(root: string, consoleConfig: Record<string, unknown>) {
  const indexPath = join(root, "index.html");
  const index = existsSync(indexPath)
    ? readFileSync(indexPath, "utf8").replace(
        "<!--baukasten-config-->",
        `<meta name="baukasten-config" content="${escapeAttribute(JSON.stringify(consoleConfig))}">`,
      )
    : null;

  return async function serveStatic(request: Request): Promise<Response> {
    if (!index) return new Response("The console is not built. Run `npm run build`.", { status: 503 });
    const { pathname } = new URL(request.url);
    const file = normalize(join(root, decodeURIComponent(pathname)));
    if (file.startsWith(root) && pathname !== "/" && !pathname.endsWith("index.html")) {
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) {
        const immutable = pathname.startsWith("/assets/");
        return new Response(await readFile(file), {
          headers: {
            "content-type": TYPES[extname(file)] ?? "application/octet-stream",
            "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
          },
        });
      }
      if (pathname.startsWith("/assets/")) return new Response("Not found", { status: 404 });
    }
    return new Response(index, { headers: { "content-type": TYPES[".html"], "cache-control": "no-cache" } });
  };
}

function escapeAttribute(value: string) {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
