import type { Db } from "../db/database";
import type { PubSub } from "../pubsub";
import type { CreateDefaultApiKey, LiveVersionProblem, SetLiveVersion } from "../projectEndpoint/contract";
import type { ObjectStore } from "../storage/objectStore";

/** What publishing needs from the rest of the platform; app.ts wires the project API's side in. */
export interface PublishDeps {
  db: Db;
  pubsub: PubSub;
  objects: ObjectStore;
  /** The console's public address; a project's endpoint is `<publicUrl>/p/<apiId>/graphql`. */
  publicUrl: string;
  setLiveVersion: SetLiveVersion;
  createDefaultApiKey: CreateDefaultApiKey;
  liveVersionProblem: LiveVersionProblem;
}
