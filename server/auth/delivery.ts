import { FALLBACK_LOCALE, toLocale } from "../../src/domain/locale";
import { log } from "../log";
import type { MailTemplate } from "../mail/templates";
import type { AuthContext } from "./context";
import { AuthError } from "./errors";

export interface CodeDeliveryDetails {
  Destination: string;
  DeliveryMedium: "EMAIL";
  AttributeName: "email";
}

/** Cognito's masked destination ("a***@e***"), so a response does not spell out the address. */
export function codeDelivery(email: string): CodeDeliveryDetails {
  const [local = "", domain = ""] = email.split("@");
  return { Destination: `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`, DeliveryMedium: "EMAIL", AttributeName: "email" };
}

/** Mails a code in the user's language; the mailer is the only place the plain code shows up. */
export async function deliverCode(
  ctx: AuthContext,
  mail: { to: string; locale: string; template: Extract<MailTemplate, "signupCode" | "passwordReset" | "emailChange">; code: string },
): Promise<CodeDeliveryDetails> {
  try {
    await ctx.mailer.send({
      to: mail.to,
      locale: toLocale(mail.locale) ?? FALLBACK_LOCALE,
      template: mail.template,
      values: { code: mail.code },
    });
  } catch (error) {
    log.error(`auth: could not send the ${mail.template} mail`, error);
    throw new AuthError("CodeDeliveryFailureException", "Unable to deliver the verification code.");
  }
  return codeDelivery(mail.to);
}
