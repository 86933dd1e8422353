/**
 * A project's addresses (spec §3 Api, §7): with an API gateway the GraphQL URL is the gateway
 * address plus 'graphql', and the realtime URL is derived from the GraphQL URL — the same address
 * over ws: or wss:, which is where the project's subscriptions are served.
 */

/** http(s): → ws(s):; other addresses are returned as they are. */
export const websocketAddressOf = (httpAddress: string) => httpAddress.replace(/^http(s?):/i, "ws$1:");

/** The realtime URL of a project's GraphQL URL. */
export const realtimeUrlOf = (graphqlUrl: string) => websocketAddressOf(graphqlUrl);

/** The gateway address a GraphQL URL was made from (it ends in /graphql); null when it was not. */
export function apiGatewayUrlOf(graphqlUrl: string): string | null {
  return graphqlUrl.endsWith("/graphql") ? graphqlUrl.slice(0, -"graphql".length) : null;
}

/** The project's addresses, all null until it has a GraphQL URL (its first publish). */
export function projectAddresses(graphqlUrl: string | null) {
  const gateway = graphqlUrl ? apiGatewayUrlOf(graphqlUrl) : null;
  return {
    apiGatewayUrl: gateway,
    apiGatewayWsUrl: gateway ? websocketAddressOf(gateway) : null,
    realtimeUrl: graphqlUrl ? realtimeUrlOf(graphqlUrl) : null,
  };
}
