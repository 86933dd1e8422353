/** Types of serverNodeFlags.mjs, which scripts/start.mjs runs without a TypeScript step. */
export declare const SERVER_NODE_FLAGS: string[];
