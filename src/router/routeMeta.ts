export type LayoutName = "default" | "org" | "sidebar" | "no-nav" | "no-nav-no-footer" | "app" | "flow";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** The spec's route name (spec §2), e.g. "org-api-dashboard". */
    name?: string;
    /** Unknown or missing layouts fall back to default. */
    layout?: LayoutName;
    /** A layout route that renders its screens' chrome itself (the root then adds none). */
    framesChildren?: boolean;
  }
}
