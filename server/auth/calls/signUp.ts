import { FALLBACK_LOCALE, toLocale } from "../../../src/domain/locale";
import { limitCodeMails, limitSignUps } from "../abuse";
import { checkCode, issueCode, useCode } from "../codes";
import type { AuthContext } from "../context";
import type { CreatedPoolUser } from "../pool";
import { codeDelivery, deliverCode } from "../delivery";
import { isUniqueViolation } from "../../db/errors";
import { AuthError, codeMismatch, invalidParameter } from "../errors";
import { readAttributes, requireEmail, requireNewPassword, requireString, type JsonObject } from "../params";
import { computeVerifier, passwordMatches, randomSalt } from "../srp";
import { findUser, findUserByEmail } from "../users";
import { requireClient } from "./client";

const usernameExists = () => new AuthError("UsernameExistsException", "An account with the given email already exists.");

/**
 * Registers an unconfirmed user and mails the code. Signing up again for an unconfirmed email
 * with the same password only sends a new code. With another password it is refused like a
 * confirmed one: replacing the password would let a stranger choose the password that the
 * mailbox owner then confirms with the code. ForgotPassword works for unconfirmed users instead.
 */
export async function signUp(ctx: AuthContext, body: JsonObject, source: string) {
  requireClient(ctx, body);
  const email = requireEmail(body, "Username");
  const password = requireNewPassword(body, "Password");
  const attributes = readAttributes(body, "UserAttributes", false);
  const emailAttribute = attributes.get("email");
  if (emailAttribute !== undefined && emailAttribute.toLowerCase() !== email) {
    throw invalidParameter("The email attribute must equal the username.");
  }
  const locale = toLocale(attributes.get("locale")) ?? FALLBACK_LOCALE;
  await limitSignUps(ctx, email, source);
  await limitCodeMails(ctx, email, source);

  // The spec's 'This email address is already used.' needs this answer (docs/DECISIONS.md).
  const existing = await findUserByEmail(ctx, ctx.db, email);
  if (existing) {
    const samePassword = passwordMatches(ctx.poolName, existing.sub, password, existing.srp_salt, existing.srp_verifier);
    if (existing.confirmed || !samePassword) throw usernameExists();
    const code = await issueCode(ctx, ctx.db, { sub: existing.sub, purpose: "signup" });
    const delivery = await deliverCode(ctx, { to: email, locale: existing.locale, template: "signupCode", code });
    return { UserConfirmed: false, UserSub: existing.sub, CodeDeliveryDetails: delivery };
  }

  const credential = (sub: string) => {
    const salt = randomSalt();
    return { srp_salt: salt, srp_verifier: computeVerifier(ctx.poolName, sub, password, salt) };
  };
  let code: string;
  let created: CreatedPoolUser;
  try {
    ({ code, created } = await ctx.db.transaction().execute(async (tx) => {
      const user = await ctx.pool.createUser(tx, { email, locale, credential });
      return { created: user, code: await issueCode(ctx, tx, { sub: user.sub, purpose: "signup" }) };
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameExists();
    throw error;
  }
  created.announce?.();
  const sub = created.sub;
  const delivery = await deliverCode(ctx, { to: email, locale, template: "signupCode", code });
  return { UserConfirmed: false, UserSub: sub, CodeDeliveryDetails: delivery };
}

export async function confirmSignUp(ctx: AuthContext, body: JsonObject) {
  requireClient(ctx, body);
  const username = requireString(body, "Username");
  const code = requireString(body, "ConfirmationCode");
  const user = await findUser(ctx, ctx.db, username);
  // Unknown and already confirmed users get a wrong code's answer, so neither is revealed.
  if (!user || user.confirmed) throw codeMismatch();
  const row = await checkCode(ctx, user.sub, "signup", code);
  await ctx.db.transaction().execute(async (tx) => {
    await useCode(ctx, tx, row.id);
    await tx
      .updateTable(ctx.pool.tables.users)
      .set({ confirmed: true, email_verified: true, updated_at: new Date() })
      .where("sub", "=", user.sub)
      .execute();
  });
  return {};
}

/**
 * Unknown and already confirmed users get the answer of a sent code, and nothing is sent, so the
 * call does not reveal accounts.
 */
export async function resendConfirmationCode(ctx: AuthContext, body: JsonObject, source: string) {
  requireClient(ctx, body);
  const username = requireString(body, "Username");
  await limitCodeMails(ctx, username, source);
  const user = await findUser(ctx, ctx.db, username);
  if (!user || user.confirmed) return { CodeDeliveryDetails: codeDelivery(user?.email ?? username) };
  const code = await issueCode(ctx, ctx.db, { sub: user.sub, purpose: "signup" });
  return {
    CodeDeliveryDetails: await deliverCode(ctx, { to: user.email, locale: user.locale, template: "signupCode", code }),
  };
}
