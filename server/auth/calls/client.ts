import type { AuthContext } from "../context";
import { AuthError } from "../errors";
import { requireString, type JsonObject } from "../params";

/** Calls that name an app client must name ours, as Cognito refuses unknown clients. */
export function requireClient(ctx: AuthContext, body: JsonObject) {
  const clientId = requireString(body, "ClientId");
  if (clientId !== ctx.clientId) {
    throw new AuthError("ResourceNotFoundException", `User pool client ${clientId} does not exist.`);
  }
}
