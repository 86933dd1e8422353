import { useEffect, useSyncExternalStore } from "react";

const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");

/** The theme the console shows now: the one picked ([data-theme] on <html>) or the system's. */
function resolvedTheme(): "light" | "dark" {
  const picked = document.documentElement.dataset.theme;
  if (picked === "light" || picked === "dark") return picked;
  return darkQuery().matches ? "dark" : "light";
}

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  const media = darkQuery();
  media.addEventListener("change", onChange);
  return () => {
    observer.disconnect();
    media.removeEventListener("change", onChange);
  };
}

/**
 * GraphiQL draws light or dark by a class it puts on <body>; it follows the console's theme, and
 * the class goes when the playground does, so no other screen is drawn in GraphiQL's colours.
 */
export function useConsoleTheme() {
  const theme = useSyncExternalStore(subscribe, resolvedTheme);
  useEffect(() => () => document.body.classList.remove("graphiql-light", "graphiql-dark"), []);
  return theme;
}
