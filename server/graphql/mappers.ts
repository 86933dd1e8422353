/*
 * The objects our resolvers hand to the next level, one per GraphQL type whose fields are not
 * all plain values: the store's mapped rows (`to…` in server/<module>/store.ts). codegen.ts maps
 * the schema's types to these, so a resolver's parent is what our code really passes, not the
 * GraphQL type (which has fields that only their own resolvers compute).
 */
import type { toBillingAccount, toInvoice } from "../billing/store";
import type { toCheckoutSession, toBundleSubscription } from "../plans/store";
import type { toSchemaTemplate } from "../templates/store";
import type { Role } from "../role/store";
import type { KeysetConnection } from "../graphqlKit/connection";

export type { Org } from "../org/store";
export type { Role } from "../role/store";
export type { Api } from "../project/store";
export type { SchemaPrompt } from "../prompts/store";
export type { PublishRun } from "../publishing/store";
export type { CustomerApp } from "../apps/store";
export type { Flow } from "../flows/store";
export type BillingAccount = ReturnType<typeof toBillingAccount>;
export type Invoice = ReturnType<typeof toInvoice>;
export type CheckoutSession = ReturnType<typeof toCheckoutSession>;
export type BundleSubscription = ReturnType<typeof toBundleSubscription>;
export type SchemaTemplate = ReturnType<typeof toSchemaTemplate>;

/** The signed-in person's user record (server/user). */
export interface User {
  id: string;
  email: string;
}

/** What pubsub's "role:changed" topic carries; RoleEvent's fields are read from it. */
export interface RoleEvent {
  change: "CREATED" | "UPDATED" | "DELETED";
  orgId: string;
  role: Role;
}

/** A keyset page whose total is counted only when a caller selects totalCount. */
export type CountedConnection<T extends { id: string }> = KeysetConnection<T> & { totalCount: () => Promise<number> };
