import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";

/**
 * The Content-Security-Policy of every answer: scripts only from this origin plus the inline
 * scripts of the built index.html (by hash, so an injected one does not run), never framed.
 * Styles may be inline because CodeMirror and React set them at run time.
 */
export function contentSecurityPolicy(consoleDist: string, config: Config): string {
  const connect = ["'self'"];
  // With a real Cognito pool the console talks to AWS directly.
  if (config.cognito.region) connect.push(`https://cognito-idp.${config.cognito.region}.amazonaws.com`);
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(consoleDist).join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(" ")}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** CSP source expressions for the inline `<script>` blocks of the built console page. */
export function inlineScriptHashes(consoleDist: string): string[] {
  const indexPath = join(consoleDist, "index.html");
  if (!existsSync(indexPath)) return [];
  const html = readFileSync(indexPath, "utf8");
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`,
  );
}

/** Headers every response carries; a handler's own CSP (the mailbox page) is kept. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
  };
}
