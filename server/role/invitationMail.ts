import type { Db } from "../db/database";
import type { JobHandler } from "../jobs/runner";
import type { Mailer } from "../mail/mailer";
import { messagesFor } from "../i18n";
import { findOrg } from "../org/store";
import { findRole } from "./store";
import type { Locale } from "../../src/domain/locale";

export const INVITATION_MAIL_JOB = "role.invitationMail";

/** A type, not an interface: job payloads are plain JSON records. */
export type InvitationMailJob = {
  roleId: string;
  inviter: string;
  /** The inviter's console language, the language of the mail. */
  locale: Locale;
};

/**
 * Mails an invitation after createRole committed. A mail server that is down is retried with
 * backoff by the job runner; the role stays either way, so the member can still sign up and
 * be re-invited. A role removed (or a workspace deleted) before the mail went out gets none.
 * At-least-once: a worker dying between sending and completing the job sends it again.
 */
export function invitationMailJob(deps: { db: Db; mailer: Mailer; publicUrl: string }): JobHandler<InvitationMailJob> {
  return {
    async run({ roleId, inviter, locale }) {
      const role = await findRole(deps.db, roleId);
      const org = role && (await findOrg(deps.db, role.org_id));
      if (!role || !org) return;
      const email = role.user_email;
      await deps.mailer.send({
        to: email,
        locale,
        template: "invitation",
        values: {
          orgName: org.name,
          inviter,
          role: messagesFor(locale)[`org.role.${role.type}`] ?? role.type,
          link: `${deps.publicUrl}/signup?email=${encodeURIComponent(email)}&lang=${locale}`,
        },
      });
    },
  };
}
