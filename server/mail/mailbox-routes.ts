import { sql } from "kysely";
import type { Config } from "../config";
import type { Db } from "../db/database";
import { json } from "../http/fetch-adapter";
import { escapeHtml } from "./templates";
import { mailboxCookie, presentedToken, resolveMailboxToken, tokenMatches } from "./mailboxToken";

/** Mails in the local mailbox are deleted after this long (codes expire well before). */
export const MAILBOX_RETENTION_HOURS = 24;

export interface Mailbox {
  /** The link printed at start-up; opening it unlocks the page in that browser. */
  link: string;
  handle(request: Request): Promise<Response>;
}

/**
 * The local mailbox, served only when no SMTP server is configured: `/mail` is a page for people,
 * `/mail.json?to=<address>` is for tests and scripts. Both need the mailbox token and answer 404
 * without it, so nobody who merely reaches the port can read someone else's codes.
 */
export function createMailbox(db: Db, config: Config): Mailbox {
  const token = resolveMailboxToken(config);
  return {
    link: `${config.publicUrl}/mail?token=${encodeURIComponent(token)}`,
    async handle(request) {
      const presented = presentedToken(request);
      if (!tokenMatches(presented, token)) return new Response("Not found", { status: 404 });
      await deleteExpiredMails(db);
      const url = new URL(request.url);
      const to = url.searchParams.get("to")?.trim().toLowerCase();
      if (url.pathname === "/mail.json") return json(to ? await mailsTo(db, to) : []);
      const page = mailboxPage(await recentMails(db, to), to);
      return new Response(page, {
        headers: {
          "content-type": "text/html; charset=utf-8",
          "set-cookie": mailboxCookie(token),
          "cache-control": "no-store",
          // The page's only style is inline; it runs no script at all.
          "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        },
      });
    },
  };
}

export async function deleteExpiredMails(db: Db) {
  await db
    .deleteFrom("mails")
    .where("created_at", "<", sql<Date>`now() - make_interval(hours => ${MAILBOX_RETENTION_HOURS})`)
    .execute();
}

async function mailsTo(db: Db, to: string) {
  const mails = await recentMails(db, to);
  return mails.map((m) => ({ id: m.id, to: m.recipient, subject: m.subject, text: m.text_body, createdAt: m.created_at }));
}

function recentMails(db: Db, to: string | undefined) {
  let query = db.selectFrom("mails").selectAll().orderBy("created_at", "desc").limit(200);
  if (to) query = query.where("recipient", "=", to);
  return query.execute();
}

function mailboxPage(mails: Awaited<ReturnType<typeof recentMails>>, to: string | undefined) {
  const rows = mails
    .map(
      (m) => `<article><header><strong>${escapeHtml(m.subject)}</strong><br><small>to ${escapeHtml(m.recipient)} · ${new Date(
        m.created_at,
      ).toISOString()}</small></header><pre>${escapeHtml(m.text_body)}</pre></article>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox · Baukasten</title>
<style>body{font:15px system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1d2433}
article{border:1px solid #d8dce6;border-radius:8px;padding:12px 16px;margin:12px 0}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Local mailbox</h1><p>Mails the platform sent in the last ${MAILBOX_RETENTION_HOURS} hours while no SMTP server is configured${
    to ? ` — to ${escapeHtml(to)}` : ""
  }.</p>${rows || "<p>No mails yet.</p>"}</body></html>`;
}
