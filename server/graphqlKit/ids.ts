import { randomBytes } from "node:crypto";

/**
 * Opaque, URL-safe ids that carry their type, so node(id:) can dispatch on the prefix without
 * a lookup table.
 */
const ID_PREFIX = {
  Org: "org",
  Role: "role",
  User: "usr",
  BillingAccount: "bill",
  Api: "api",
  Invoice: "inv",
  SchemaTemplate: "tpl",
  SchemaPrompt: "prm",
  CustomerApp: "app",
} as const;

type NodeTypeName = keyof typeof ID_PREFIX;

export function newId(type: NodeTypeName): string {
  return `${ID_PREFIX[type]}_${randomBytes(12).toString("base64url")}`;
}

/** The user's node id is derived from the sign-in service's subject, so it is stable. */
export function userIdFromSub(sub: string): string {
  return `${ID_PREFIX.User}_${sub}`;
}

export function typeOfId(id: string): NodeTypeName | undefined {
  const prefix = id.slice(0, id.indexOf("_"));
  return (Object.keys(ID_PREFIX) as NodeTypeName[]).find((type) => ID_PREFIX[type] === prefix);
}
