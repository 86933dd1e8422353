import { createRouter } from "@tanstack/react-router";
import { routeTree } from "./routes";

/** The console's router; its type is registered below so hooks and links know every route. */
export function createAppRouter() {
  return createRouter({
    routeTree,
    defaultPreload: "intent",
    // Loaders start Relay queries; Relay's store is the cache, so loaders always run.
    defaultPreloadStaleTime: 0,
    scrollRestoration: false,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
