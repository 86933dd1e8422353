import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "@tanstack/react-router";
import { createAppRouter } from "./router/router";
import { I18nProvider, initialLocale } from "./i18n/I18nProvider";
import { useSession } from "./session/sessionState";
import { initSession } from "./session/actions";
import { LiveRegionProvider } from "./ui/LiveRegion";
import { useIdleExpiry } from "./session/useIdleExpiry";
import { bounded, FIRST_PAGE_WAIT_MS, firstPageLoaded } from "./router/firstPage";
import { onResync } from "./relay/resync";
import "./styles/theme.css";
import "./styles/base.css";
import "./styles/layout.css";

const router = createAppRouter();
// Subscriptions that could not resume missed events: the shown route's queries load again.
onResync(() => void router.invalidate());

function App() {
  const session = useSession();
  useIdleExpiry(session.status === "Authenticated");
  return <RouterProvider router={router} />;
}

async function start() {
  void initSession();
  // The first page renders once its route has loaded (router/firstPage.ts); index.html shows a
  // loading bar meanwhile. Bounded: a load that hangs is the rendered router's to finish.
  const [initial] = await Promise.all([initialLocale(), bounded(router.load(), 2 * FIRST_PAGE_WAIT_MS)]);
  firstPageLoaded();
  const root = createRoot(document.getElementById("root")!);
  // As a transition, React renders the first page in slices of a few milliseconds and lets the
  // browser in between, so only its commit is one task, not the whole page's render.
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider initial={initial}>
          <LiveRegionProvider>
            <App />
          </LiveRegionProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  );
}

void start();
