import { checkCode, issueCode, useCode } from "../codes";
import type { AuthContext } from "../context";
import { codeDelivery, deliverCode } from "../delivery";
import { codeMismatch } from "../errors";
import { limitCodeMails } from "../abuse";
import { assertNotLocked, clearAllFailedPasswords, clearFailedPasswords, refuseWrongPassword } from "../lockout";
import { requireNewPassword, requirePassword, requireString, type JsonObject } from "../params";
import { revokeAllSessions } from "../sessions";
import { computeVerifier, passwordMatches, randomSalt } from "../srp";
import { authenticate } from "../tokens";
import { findUser } from "../users";
import { requireClient } from "./client";

/** Only the verifier of a new password is kept; the plaintext ends with this function. */
function newVerifier(ctx: AuthContext, sub: string, password: string) {
  const salt = randomSalt();
  return { srp_salt: salt, srp_verifier: computeVerifier(ctx.poolName, sub, password, salt) };
}

/** An unknown username gets the same answer as a known one, so the call does not reveal accounts. */
export async function forgotPassword(ctx: AuthContext, body: JsonObject, source: string) {
  requireClient(ctx, body);
  const username = requireString(body, "Username");
  await limitCodeMails(ctx, username, source);
  const user = await findUser(ctx, ctx.db, username);
  if (!user) return { CodeDeliveryDetails: codeDelivery(username) };
  const code = await issueCode(ctx, ctx.db, { sub: user.sub, purpose: "reset" });
  return {
    CodeDeliveryDetails: await deliverCode(ctx, { to: user.email, locale: user.locale, template: "passwordReset", code }),
  };
}

/**
 * Sets the new password. The code proves the mailbox, so this also confirms an unconfirmed user
 * and lifts a lockout; other sign-ins end, since a reset often follows a leaked password.
 */
export async function confirmForgotPassword(ctx: AuthContext, body: JsonObject) {
  requireClient(ctx, body);
  const username = requireString(body, "Username");
  const code = requireString(body, "ConfirmationCode");
  const password = requireNewPassword(body, "Password");
  const user = await findUser(ctx, ctx.db, username);
  if (!user) throw codeMismatch();
  const row = await checkCode(ctx, user.sub, "reset", code);
  const verifier = newVerifier(ctx, user.sub, password);
  const announce = await ctx.db.transaction().execute(async (tx) => {
    await useCode(ctx, tx, row.id);
    await tx
      .updateTable(ctx.pool.tables.users)
      .set({
        ...verifier,
        confirmed: true,
        email_verified: true,
        updated_at: new Date(),
      })
      .where("sub", "=", user.sub)
      .execute();
    await clearAllFailedPasswords(tx, user.sub);
    await revokeAllSessions(ctx, tx, user.sub);
    // Whoever made the user's entry for their address loses it to the mailbox's owner.
    return ctx.pool.mailboxProven(tx, user.sub, null);
  });
  ctx.verifiedTokens.userChanged(user.sub);
  announce?.();
  return {};
}

/** The client sends the old password in plain text (Cognito's protocol); we check it against the verifier. */
export async function changePassword(ctx: AuthContext, body: JsonObject, source: string) {
  const user = await authenticate(ctx, requireString(body, "AccessToken"));
  const previous = requirePassword(body, "PreviousPassword");
  const proposed = requireNewPassword(body, "ProposedPassword");
  await assertNotLocked(ctx, user.sub, source);
  if (!passwordMatches(ctx.poolName, user.sub, previous, user.srp_salt, user.srp_verifier)) {
    await refuseWrongPassword(ctx, user.sub, source);
  }
  await ctx.db
    .updateTable(ctx.pool.tables.users)
    .set({ ...newVerifier(ctx, user.sub, proposed), updated_at: new Date() })
    .where("sub", "=", user.sub)
    .execute();
  await clearFailedPasswords(ctx, user.sub, source);
  return {};
}
