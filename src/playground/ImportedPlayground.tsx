import { useMemo, useState } from "react";
import { useIntl } from "react-intl";
import { useRelayEnvironment } from "react-relay/hooks";
import { GraphiQL } from "graphiql";
import "graphiql/style.css";
import { memoryStorage } from "./memoryStorage";
import { useSavedQuery } from "./useSavedQuery";
import { useConsoleTheme } from "./useConsoleTheme";
import { importedFetcher } from "./importedFetcher";
import "./Playground.css";

/**
 * The playground of an imported project: GraphiQL on its live API through the platform, as the
 * stored credential (there are no identities to pick, and no request to copy: it would need the
 * credential). The docs come from the live API's own introspection; the query text is saved.
 */
export function ImportedPlayground(props: { apiId: string; storedQuery: string | null | undefined }) {
  const intl = useIntl();
  const environment = useRelayEnvironment();
  const theme = useConsoleTheme();
  const saved = useSavedQuery(props.apiId, props.storedQuery);
  const storage = useMemo(memoryStorage, []);
  const [initialQuery] = useState(() => props.storedQuery ?? intl.formatMessage({ id: "playground.defaultQuery" }));
  const fetcher = useMemo(() => importedFetcher(environment, props.apiId), [environment, props.apiId]);
  return (
    <div className="playground" data-testid="playground">
      <div className="playground-editor">
        <GraphiQL fetcher={fetcher} storage={storage} defaultQuery={initialQuery} forcedTheme={theme} shouldPersistHeaders={false} onEditQuery={(query) => saved.edit(query)} />
      </div>
    </div>
  );
}
