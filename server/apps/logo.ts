import { forbidden, notFound, refuse } from "../graphqlKit/errors";
import { requireViewer, type Context } from "../graphqlKit/context";
import { requireMembership } from "../access";
import { bytesMatchLogoType, canEditCustomerApps, isLogoMimeType, LOGO_MAX_BYTES, type LogoMimeType } from "../../src/domain/apps";
import { findCustomerAppForUpdate, logoObjectKey, toCustomerApp, updateCustomerAppRow } from "./store";

export const logoTooLarge = () => refuse("BAD_USER_INPUT", "error_file_too_large", "File is too large.", { max: LOGO_MAX_BYTES });
const invalidFormat = () => refuse("BAD_USER_INPUT", "error_file_invalid_format", "Invalid file format.");

/**
 * Spec §5's logo rules, checked before anything is stored: at most 1 MB, and JPG, SVG, PNG or
 * WEBP both by the type sent and by the bytes themselves (a renamed page is not a logo).
 */
export function checkedLogo(bytes: Uint8Array, mimeType: string): { bytes: Uint8Array; mimeType: LogoMimeType } {
  const type = mimeType.split(";")[0].trim().toLowerCase();
  if (!isLogoMimeType(type)) throw invalidFormat();
  if (bytes.length > LOGO_MAX_BYTES) throw logoTooLarge();
  if (bytes.length === 0 || !bytesMatchLogoType(bytes, type)) throw invalidFormat();
  return { bytes, mimeType: type };
}

/** Sets (or, with null, removes) the app's logo for a member who may edit apps. */
export async function setAppLogo(ctx: Context, appId: string, logo: ReturnType<typeof checkedLogo> | null) {
  requireViewer(ctx);
  const key = logoObjectKey(appId);
  const app = await ctx.db.transaction().execute(async (tx) => {
    const row = await findCustomerAppForUpdate(tx, appId);
    if (!row) throw notFound();
    const membership = await requireMembership(ctx, row.org_id, tx);
    if (!canEditCustomerApps(membership.permissions)) throw forbidden();
    // Written inside the transaction: a refused or failed save leaves the row naming the old logo.
    if (logo) await ctx.objects.put(key, logo.bytes);
    return toCustomerApp(await updateCustomerAppRow(tx, row.id, { logo: logo ? { key, mimeType: logo.mimeType } : null }));
  });
  if (!logo) await ctx.objects.delete(key);
  return app;
}
