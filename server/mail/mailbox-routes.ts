import type { Db } from "../db/database";
import { json } from "../http/fetch-adapter";
import { escapeHtml } from "./templates";

/**
 * The local mailbox: every mail the platform sent, newest first. `/mail` is a page for people,
 * `/mail.json?to=<address>` is for tests. Only served when no SMTP server is configured.
 */
export async function handleMailbox(db: Db, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const to = url.searchParams.get("to")?.trim().toLowerCase();
  let query = db.selectFrom("mails").selectAll().orderBy("created_at", "desc").limit(200);
  if (to) query = query.where("recipient", "=", to);
  const mails = await query.execute();
  if (url.pathname === "/mail.json") {
    return json(
      mails.map((m) => ({
        id: m.id,
        to: m.recipient,
        subject: m.subject,
        text: m.text_body,
        createdAt: m.created_at,
      })),
    );
  }
  const rows = mails
    .map(
      (m) => `<article><header><strong>${escapeHtml(m.subject)}</strong><br><small>to ${escapeHtml(m.recipient)} · ${new Date(
        m.created_at,
      ).toISOString()}</small></header><pre>${escapeHtml(m.text_body)}</pre></article>`,
    )
    .join("");
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox · Baukasten</title>
<style>body{font:15px system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1d2433}
article{border:1px solid #d8dce6;border-radius:8px;padding:12px 16px;margin:12px 0}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Local mailbox</h1><p>Mails the platform sent while no SMTP server is configured${
    to ? ` — to ${escapeHtml(to)}` : ""
  }.</p>${rows || "<p>No mails yet.</p>"}</body></html>`;
  return new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } });
}
