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

/**
 * Browser features no page of the console uses, switched off for it and anything it might embed.
 * The copy buttons write with navigator.clipboard from the console's own top-level page, which
 * `clipboard-write=(self)` keeps allowed; nothing reads the clipboard through the API (pasting
 * a file reads the paste event).
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "clipboard-read=()",
  "clipboard-write=(self)",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "web-share=()",
  "xr-spatial-tracking=()",
].join(", ");

/**
 * Headers every response carries; a handler's own CSP (the mailbox page) is kept. The console
 * opens no popup that needs its opener (checkout is a top-level navigation), so it keeps its
 * window to itself: a page it links to or that opens it cannot reach it (docs/DECISIONS.md).
 */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "permissions-policy": PERMISSIONS_POLICY,
    "cross-origin-opener-policy": "same-origin",
  };
}
