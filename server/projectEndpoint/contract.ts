import type { Kysely } from "kysely";
import type { SchemaModel } from "../../src/domain/model";
import type { Tables } from "../db/tables";

/**
 * What publishing and a project's own API agree on. Publishing decides WHEN a version goes live;
 * the project API owns HOW it is stored and served. Both sides are built against this file.
 */

/** The version of a project's model that `/p/<apiId>/graphql` serves. */
export interface LiveVersion {
  apiId: string;
  /** The publish run that produced it: `<apiId>-v<N>`. */
  runId: string;
  version: number;
  model: SchemaModel;
  /** Project settings that take effect on publishing, as the model does. */
  options?: LiveVersionOptions;
}

export interface LiveVersionOptions {
  /** 'Amplify-compatible names': Amplify's generated names beside the spec's. */
  amplifyNames?: boolean;
}

/**
 * Implemented by the project API (server/projectEndpoint/live.ts). Publishing calls it inside the
 * transaction that marks the project PUBLISHED, so the endpoint switches atomically with the
 * state; requests in flight finish on the version they started with.
 */
export type SetLiveVersion = (tx: Kysely<Tables>, live: LiveVersion) => Promise<void>;

/**
 * Implemented by the project API (server/projectEndpoint/schema/schema.ts): why the endpoint could not serve
 * this model (its schema does not build), or null. Publishing asks before a version goes live,
 * so a model the API cannot serve fails its run and the previous version keeps answering.
 */
export type LiveVersionProblem = (model: SchemaModel, options?: LiveVersionOptions) => string | null;

/**
 * Implemented by the project API. Publishing calls it in the same transaction on a project's
 * first publish; it returns the new key's id (the key itself is readable only through the API).
 */
export type CreateDefaultApiKey = (tx: Kysely<Tables>, apiId: string) => Promise<{ id: string }>;
