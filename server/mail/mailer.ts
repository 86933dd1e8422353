import { randomUUID } from "node:crypto";
import type { Db } from "../db/database";
import { log } from "../log";
import { renderMail, type MailTemplate } from "./templates";
import { deleteExpiredMails } from "./mailbox-routes";
import type { Locale } from "../../src/domain/locale";

export interface OutgoingMail {
  to: string;
  locale: Locale;
  template: MailTemplate;
  values: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** True when mails go to the local mailbox, which is then served at /mail. */
  readonly local: boolean;
}

/**
 * Every mail the platform sends passes here: to SMTP when SMTP_URL is set (nothing of it is
 * stored), otherwise into the local mailbox table for 24 hours, with one log line so a developer
 * sees codes in the terminal.
 */
export async function createMailer(db: Db, options: { smtpUrl?: string; from: string }): Promise<Mailer> {
  if (options.smtpUrl) {
    const { createTransport } = await import("nodemailer");
    const transport = createTransport(options.smtpUrl);
    return {
      local: false,
      async send(mail) {
        const rendered = renderMail(mail.template, mail.locale, mail.values);
        await transport.sendMail({ from: options.from, to: mail.to, ...rendered });
      },
    };
  }
  return {
    local: true,
    async send(mail) {
      const rendered = renderMail(mail.template, mail.locale, mail.values);
      await deleteExpiredMails(db);
      await db
        .insertInto("mails")
        .values({
          id: randomUUID(),
          recipient: mail.to.toLowerCase(),
          subject: rendered.subject,
          text_body: rendered.text,
          html_body: rendered.html,
        })
        .execute();
      log.info(`mail to ${mail.to}: ${rendered.subject} — ${rendered.text.split("\n")[0]}`);
    },
  };
}
