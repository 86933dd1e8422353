import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { routeTree } from "./router/routes";
import { I18nProvider, initialLocale } from "./i18n/I18nProvider";
import { useSession } from "./session/sessionState";
import { initSession } from "./session/actions";
import { LiveRegionProvider } from "./ui/LiveRegion";
import { useIdleExpiry } from "./session/useIdleExpiry";
import "./styles/theme.css";
import "./styles/base.css";
import "./styles/layout.css";

const router = createRouter({
  routeTree,
  defaultPreload: "intent",
  // Loaders start Relay queries; Relay's store is the cache, so loaders always run.
  defaultPreloadStaleTime: 0,
  scrollRestoration: false,
});

function App() {
  const session = useSession();
  useIdleExpiry(session.status === "Authenticated");
  return <RouterProvider router={router} />;
}

async function start() {
  const initial = await initialLocale();
  void initSession();
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <I18nProvider initial={initial}>
        <LiveRegionProvider>
          <App />
        </LiveRegionProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
