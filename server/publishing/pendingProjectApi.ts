import { randomBytes } from "node:crypto";
import type { CreateDefaultApiKey, SetLiveVersion } from "../projectApi/contract";

/**
 * The project API's side of server/projectApi/contract.ts for a platform built without it:
 * nothing is served and the key is only an id. createPlatform takes the real implementation
 * (server/projectApi/live.ts) in its options.
 */
export const pendingProjectApi: { setLiveVersion: SetLiveVersion; createDefaultApiKey: CreateDefaultApiKey } = {
  setLiveVersion: async () => {},
  createDefaultApiKey: async () => ({ id: `key_${randomBytes(12).toString("base64url")}` }),
};
