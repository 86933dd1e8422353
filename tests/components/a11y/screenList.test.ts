import { describe, expect, it } from "vitest";
import type { AnyRoute } from "@tanstack/react-router";
import { routeTree } from "../../../src/router/routes";
import { REDIRECT_ROUTES, SCREENS } from "../../e2e/a11y/screens";

function routeNames(route: AnyRoute): string[] {
  const own = (route.options as { staticData?: { name?: string } }).staticData?.name;
  const children = (route.children ?? []) as AnyRoute[] | Record<string, AnyRoute>;
  return [...(own ? [own] : []), ...Object.values(children).flatMap(routeNames)];
}

describe("the accessibility walk's screen list (tests/e2e/a11y/screens.ts)", () => {
  // "a Playwright test … that visits each route …, so a new screen that breaks the rule fails CI".
  it("names every route of the console, so no new screen escapes the axe check", () => {
    const listed = new Set([...SCREENS.map((screen) => screen.route), ...REDIRECT_ROUTES]);
    expect(routeNames(routeTree).filter((name) => !listed.has(name))).toEqual([]);
  });

  it("lists no route that does not exist", () => {
    const routes = new Set([...routeNames(routeTree), "not-found"]);
    expect(SCREENS.map((screen) => screen.route).filter((name) => !routes.has(name))).toEqual([]);
  });
});
