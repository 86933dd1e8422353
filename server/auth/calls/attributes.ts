import { FALLBACK_LOCALE, toLocale } from "../../../src/domain/locale";
import { isValidEmail } from "../../../src/domain/account";
import { limitCodeMails } from "../abuse";
import { checkCode, issueCode, openCode, useCode } from "../codes";
import type { AuthContext } from "../context";
import { deliverCode, type CodeDeliveryDetails } from "../delivery";
import { isUniqueViolation } from "../../db/errors";
import { aliasExists, invalidParameter } from "../errors";
import { readAttributes, requireString, type JsonObject } from "../params";
import { authenticate } from "../tokens";
import { findUserByEmail, type AuthUser } from "../users";

export async function getUser(ctx: AuthContext, body: JsonObject) {
  const user = await authenticate(ctx, requireString(body, "AccessToken"));
  return { Username: user.sub, UserAttributes: attributesOf(user), MFAOptions: [], UserMFASettingList: [] };
}

function attributesOf(user: AuthUser) {
  return [
    { Name: "sub", Value: user.sub },
    { Name: "email", Value: user.email },
    { Name: "email_verified", Value: String(user.email_verified) },
    { Name: "locale", Value: user.locale },
  ];
}

/**
 * Changes `locale` at once. A new `email` only gets a code at the new address: the account keeps
 * the old, verified email until VerifyUserAttribute proves the new one (Cognito's "keep original
 * attribute value active" setting), so a typo cannot lock anybody out.
 */
export async function updateUserAttributes(ctx: AuthContext, body: JsonObject, source: string) {
  const user = await authenticate(ctx, requireString(body, "AccessToken"));
  const attributes = readAttributes(body, "UserAttributes", true);
  for (const name of attributes.keys()) {
    if (name !== "email" && name !== "locale") throw invalidParameter(`Attribute ${name} cannot be updated.`);
  }
  let locale = user.locale;
  if (attributes.has("locale")) {
    locale = toLocale(attributes.get("locale")) ?? FALLBACK_LOCALE;
    await ctx.db.updateTable(ctx.pool.tables.users).set({ locale, updated_at: new Date() }).where("sub", "=", user.sub).execute();
  }
  const deliveries: CodeDeliveryDetails[] = [];
  const email = attributes.get("email")?.toLowerCase();
  if (email !== undefined && email !== user.email && !ctx.pool.allowsEmailChange) throw invalidParameter("Attribute email cannot be updated.");
  if (email !== undefined && email !== user.email) {
    if (!isValidEmail(email)) throw invalidParameter("Invalid email address format.");
    if ((await findUserByEmail(ctx, ctx.db, email))?.confirmed) throw aliasExists();
    await limitCodeMails(ctx, email, source);
    const code = await issueCode(ctx, ctx.db, { sub: user.sub, purpose: "email", newEmail: email });
    deliveries.push(await deliverCode(ctx, { to: email, locale, template: "emailChange", code }));
  }
  return { CodeDeliveryDetailsList: deliveries };
}

/** Resends the code of a pending email change, or sends one to verify the current address. */
export async function getUserAttributeVerificationCode(ctx: AuthContext, body: JsonObject, source: string) {
  const user = await authenticate(ctx, requireString(body, "AccessToken"));
  requireEmailAttribute(body);
  const pending = (await openCode(ctx, ctx.db, user.sub, "email"))?.new_email ?? undefined;
  await limitCodeMails(ctx, pending ?? user.email, source);
  const code = await issueCode(ctx, ctx.db, { sub: user.sub, purpose: "email", newEmail: pending });
  return {
    CodeDeliveryDetails: await deliverCode(ctx, { to: pending ?? user.email, locale: user.locale, template: "emailChange", code }),
  };
}

export async function verifyUserAttribute(ctx: AuthContext, body: JsonObject) {
  const user = await authenticate(ctx, requireString(body, "AccessToken"));
  requireEmailAttribute(body);
  const row = await checkCode(ctx, user.sub, "email", requireString(body, "Code"));
  const newEmail = row.new_email;
  let announce: (() => void) | undefined;
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await useCode(ctx, tx, row.id);
      if (newEmail) {
        const holder = await findUserByEmail(ctx, tx, newEmail);
        if (holder?.confirmed) throw aliasExists();
        // An unconfirmed registration cannot hold an address its owner has just proven.
        if (holder) await tx.deleteFrom(ctx.pool.tables.users).where("sub", "=", holder.sub).execute();
      }
      await tx
        .updateTable(ctx.pool.tables.users)
        .set({ ...(newEmail ? { email: newEmail } : {}), email_verified: true, updated_at: new Date() })
        .where("sub", "=", user.sub)
        .execute();
      announce = await ctx.pool.mailboxProven(tx, user.sub, newEmail);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw aliasExists();
    throw error;
  }
  // Roles are found by email: tokens verified with the old address must not keep acting on it.
  ctx.verifiedTokens.userChanged(user.sub);
  announce?.();
  return {};
}

function requireEmailAttribute(body: JsonObject) {
  const name = requireString(body, "AttributeName");
  if (name !== "email") throw invalidParameter(`Attribute ${name} cannot be verified.`);
}
