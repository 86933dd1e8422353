import { HOUR_MS, withinLimit } from "../limits/rateLimit";
import type { AuthContext } from "./context";
import { limitExceeded } from "./errors";

/*
 * Hourly limits on what costs a mail, per address and per source address. They are checked
 * before the user is looked up, so a known and an unknown address are limited alike. Each pool
 * counts on its own (`pool.scope`): a project's users cannot use up the console's limits.
 */

export async function limitSignUps(ctx: AuthContext, email: string, source: string) {
  const { signUpsPerAddressPerHour, signUpsPerSourcePerHour } = ctx.limits;
  const allowed =
    (await withinLimit(ctx.db, `${ctx.pool.scope}sign-up:address:${email.toLowerCase()}`, signUpsPerAddressPerHour, HOUR_MS)) &&
    (await withinLimit(ctx.db, `${ctx.pool.scope}sign-up:source:${source}`, signUpsPerSourcePerHour, HOUR_MS));
  if (!allowed) throw limitExceeded();
}

export async function limitCodeMails(ctx: AuthContext, email: string, source: string) {
  const { codeMailsPerAddressPerHour, codeMailsPerSourcePerHour } = ctx.limits;
  const allowed =
    (await withinLimit(ctx.db, `${ctx.pool.scope}code-mail:address:${email.toLowerCase()}`, codeMailsPerAddressPerHour, HOUR_MS)) &&
    (await withinLimit(ctx.db, `${ctx.pool.scope}code-mail:source:${source}`, codeMailsPerSourcePerHour, HOUR_MS));
  if (!allowed) throw limitExceeded();
}
