import { useCallback, useEffect, useMemo, useState } from "react";
import type { AppPageConfig } from "../domain/apps/page";
import { poolAuth } from "./auth";
import { t } from "./messages";
import { SignInForms } from "./SignInForms";
import { TableViewPage } from "./TableViewPage";
import { DetailViewPage } from "./DetailViewPage";
import { ChatViewPage } from "./ChatViewPage";

/** Where the page is: the view (by id, below the app's address) and, for a detail view, the entry. */
function readLocation(config: AppPageConfig) {
  const below = location.pathname.split(`/apps/${config.appId}/`)[1] ?? "";
  const viewId = below.startsWith("views/") ? decodeURIComponent(below.slice("views/".length)) : null;
  return { viewId: viewId ?? config.views[0]?.id ?? null, entryId: new URLSearchParams(location.search).get("id") };
}

export function AppPage(props: { config: AppPageConfig }) {
  const { config } = props;
  const auth = useMemo(() => (config.userPool ? poolAuth(config.userPool) : null), [config.userPool]);
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  const [place, setPlace] = useState(() => readLocation(config));

  useEffect(() => {
    if (!auth) return;
    void auth.token().then((token) => setSignedIn(token !== null));
  }, [auth]);
  useEffect(() => {
    const onPop = () => setPlace(readLocation(config));
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, [config]);

  const go = useCallback(
    (viewId: string, entryId?: string) => {
      history.pushState(null, "", `/apps/${config.appId}/views/${encodeURIComponent(viewId)}${entryId ? `?id=${encodeURIComponent(entryId)}` : ""}`);
      setPlace({ viewId, entryId: entryId ?? null });
    },
    [config.appId],
  );
  const token = useCallback(async () => {
    const value = await auth?.token();
    if (!value) setSignedIn(false);
    return value ?? "";
  }, [auth]);

  const view = config.views.find((candidate) => candidate.id === place.viewId) ?? config.views[0];
  return (
    <div className="app-page">
      <header className="app-header">
        {config.logoUrl && <img src={config.logoUrl} alt="" className="app-logo" />}
        <span className="app-name">{config.name}</span>
        {signedIn && auth && (
          <button type="button" className="app-button" onClick={() => (auth.signOut(), setSignedIn(false))}>
            {t("signOut")}
          </button>
        )}
      </header>
      {!auth ? (
        <main className="app-main">
          <p role="alert">{t("noUserPool")}</p>
        </main>
      ) : signedIn === null ? (
        <main className="app-main">
          <p>{t("loading")}</p>
        </main>
      ) : !signedIn ? (
        <main className="app-main">
          <h1>{config.name}</h1>
          <SignInForms auth={auth} onSignedIn={() => setSignedIn(true)} />
        </main>
      ) : (
        <div className="app-body">
          {config.views.length > 0 && (
            <nav className="app-menu" aria-label={t("menu")}>
              <ul>
                {config.views.map((candidate) => (
                  <li key={candidate.id}>
                    <a
                      href={`/apps/${config.appId}/views/${encodeURIComponent(candidate.id)}`}
                      aria-current={candidate.id === view?.id ? "page" : undefined}
                      onClick={(event) => (event.preventDefault(), go(candidate.id))}
                    >
                      {candidate.name}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <main className="app-main">
            {!view ? (
              <p>{t("noViews")}</p>
            ) : (
              <>
                <h1>{view.name}</h1>
                {(view.type === "chatbot" ? view.chatTables.length === 0 : !view.table) ? (
                  <p role="alert" className="app-error" data-testid="app-table-missing">
                    {t("tableMissing")}
                  </p>
                ) : view.type === "table" ? (
                  <TableViewPage
                    key={view.id}
                    view={view}
                    graphqlUrl={config.graphqlUrl}
                    token={token}
                    detailViewId={config.views.find((candidate) => candidate.type === "detail" && candidate.table?.name === view.table?.name)?.id ?? null}
                    onOpen={go}
                  />
                ) : view.type === "detail" ? (
                  <DetailViewPage
                    key={`${view.id}-${place.entryId}`}
                    view={view}
                    graphqlUrl={config.graphqlUrl}
                    token={token}
                    entryId={place.entryId}
                    detailViewOf={(tableName) => config.views.find((candidate) => candidate.type === "detail" && candidate.table?.name === tableName)?.id ?? null}
                    onOpen={go}
                  />
                ) : (
                  <ChatViewPage
                    key={view.id}
                    view={view}
                    appUrl={`/apps/${config.appId}/`}
                    graphqlUrl={config.graphqlUrl}
                    token={token}
                    detailViewOf={(tableName) => config.views.find((candidate) => candidate.type === "detail" && candidate.table?.name === tableName)?.id ?? null}
                    onOpen={go}
                  />
                )}
              </>
            )}
          </main>
        </div>
      )}
    </div>
  );
}
