import type { GraphQLSchema } from "graphql";
import type { Context } from "../graphqlKit/context";
import type { Caller } from "./access/access";
import type { ApiKeys } from "./access/apiKeys";
import type { KeyUseTally } from "./access/keyUses";
import type { Loaders } from "./entries/loaders";
import type { ProjectEvents } from "./realtime/events";
import type { ProjectPools } from "../auth/projectPools";
import type { CallerCredential } from "./realtime/socketWatch";
import type { FunctionRunner } from "../functions/runner";
import type { FilterIndexes } from "./entries/filterIndexes";

/** The platform's request context plus what a project endpoint adds: which project, which version, who. */
export interface ProjectContext extends Context {
  project: {
    apiId: string;
    version: number;
    /** The live version's schema when the request started; it finishes on it. */
    schema: GraphQLSchema;
    caller: Caller;
    /** What revokes the caller's credential and when it expires, for sockets that outlive this check. */
    credential: CallerCredential;
    /** Imported projects cannot manage keys (spec §6). */
    imported: boolean;
    apiKeys: ApiKeys;
    /** Counts the uses of the project's API keys; the key table flushes it before it reads them. */
    keyUses: KeyUseTally;
    /** Builds the indexes the lists' filters need (./entries/filterIndexes.ts). */
    filterIndexes: FilterIndexes;
    events: ProjectEvents;
    loaders: Loaders;
    /** The projects' own user pools (null with a real Cognito pool): passwords and deleted users. */
    userPools: ProjectPools | null;
    /** Runs the project's cloud functions (function URLs and triggers). */
    functions: FunctionRunner;
    /** Set on the requests a function makes through context.graphql: a trigger's own writes run no triggers. */
    invokedBy?: "url" | "trigger" | "flow";
    /** Set on a flow run's own requests: how many runs deep it is, so the runs its writes start go one deeper (server/flows/start.ts). */
    flowDepth?: number;
    /** The tables the project's flows watch, read when the request started (server/flows/dataTriggers.ts). */
    flowTables?: readonly string[];
  };
}
