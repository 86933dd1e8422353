import { useEffect, useMemo, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { GraphiQL } from "graphiql";
import "graphiql/style.css";
import { projectEndpoint } from "../relay/projectEnvironments";
import { useProjectSignIn } from "../relay/projectSignIns";
import type { ProjectPool } from "../session/projectCognitoClient";
import { ProjectSignInBar } from "../data/projectSignIn/ProjectSignInBar";
import { ErrorMessage } from "../common/ErrorMessage";
import { Alert } from "../ui/Alert";
import { identityHeaders, MEMBER, runAsKey, type RunAs } from "./runAs";
import { playgroundFetcher } from "./fetcher";
import { memoryStorage } from "./memoryStorage";
import { useSavedQuery, type SaveState } from "./useSavedQuery";
import { useApiKeys } from "./useApiKeys";
import { useConsoleTheme } from "./useConsoleTheme";
import { RunAsPicker } from "./RunAsPicker";
import { CopyRequestButtons } from "./CopyRequestButtons";
import "./Playground.css";

/**
 * The playground: GraphiQL on the project's endpoint as the chosen identity, with
 * the docs explorer built from what that identity's introspection returns, subscriptions over
 * graphql-ws, and the query text saved per project.
 */
export function Playground(props: { apiId: string; graphqlUrl: string; storedQuery: string | null | undefined; pool: ProjectPool | null }) {
  const intl = useIntl();
  const [runAs, setRunAs] = useState<RunAs>(MEMBER);
  const projectUser = useProjectSignIn(props.apiId).session?.email;
  const keys = useApiKeys(props.apiId);
  const theme = useConsoleTheme();
  const saved = useSavedQuery(props.apiId, props.storedQuery);
  const storage = useMemo(memoryStorage, []);
  const [initialQuery] = useState(() => props.storedQuery ?? intl.formatMessage({ id: "playground.defaultQuery" }));
  // What 'copy as curl / fetch' write out: the editors' current text.
  const current = useRef({ query: initialQuery, variables: "", operationName: null as string | null });

  const identity = runAsKey(runAs, projectUser);
  const connection = useMemo(
    () => playgroundFetcher(projectEndpoint(props.apiId), () => identityHeaders(props.apiId, runAs), intl.formatMessage({ id: "playground.signInNeeded" })),
    // The fetcher changes with the identity (and so GraphiQL fetches the docs again as it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.apiId, identity],
  );
  useEffect(() => () => connection.dispose(), [connection]);

  return (
    <div className="playground" data-testid="playground">
      <div className="playground-bar">
        <RunAsPicker apiId={props.apiId} runAs={runAs} onChange={setRunAs} keys={keys} hasPool={Boolean(props.pool)} />
        <CopyRequestButtons request={async () => ({ url: props.graphqlUrl, headers: (await identityHeaders(props.apiId, runAs)) ?? {}, ...current.current })} />
        <SaveStatus state={saved.state} />
      </div>
      {runAs.kind === "user" && props.pool && <ProjectSignInBar apiId={props.apiId} pool={props.pool} />}
      <div className="playground-editor">
        <GraphiQL
          fetcher={connection.fetcher}
          storage={storage}
          defaultQuery={initialQuery}
          forcedTheme={theme}
          isHeadersEditorEnabled
          shouldPersistHeaders={false}
          onEditQuery={(query) => {
            current.current.query = query;
            saved.edit(query);
          }}
          onEditVariables={(variables) => void (current.current.variables = variables)}
          onEditOperationName={(operationName) => void (current.current.operationName = operationName || null)}
        />
      </div>
    </div>
  );
}

function SaveStatus(props: { state: SaveState }) {
  if (props.state.kind === "failed") {
    return (
      <Alert variant="danger" testId="playground-save-error">
        <ErrorMessage error={props.state.error} />
      </Alert>
    );
  }
  if (props.state.kind === "idle") return null;
  return (
    <span className="playground-save" data-testid="playground-save-state" data-state={props.state.kind} role="status">
      <FormattedMessage id={props.state.kind === "saving" ? "playground.saving" : "playground.saved"} />
    </span>
  );
}
