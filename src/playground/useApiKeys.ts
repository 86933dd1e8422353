import { useEffect, useState } from "react";
import { projectEndpoint } from "../relay/projectEnvironments";
import { identityHeaders, MEMBER } from "./runAs";

export interface PlaygroundApiKey {
  id: string;
  key: string;
  description: string | null;
  expires: number;
}

const LIST_KEYS = `query PlaygroundApiKeys { listApiKey(limit: 50) { items { id key description expires } } }`;

/**
 * The project's API keys the member may read, asked from the project's own endpoint (the
 * settings screen manages them; the playground only offers them to run as). Held in memory only.
 */
export function useApiKeys(apiId: string) {
  const [keys, setKeys] = useState<PlaygroundApiKey[]>([]);
  useEffect(() => {
    let current = true;
    void (async () => {
      try {
        const response = await fetch(projectEndpoint(apiId), {
          method: "POST",
          headers: { "content-type": "application/json", ...(await identityHeaders(apiId, MEMBER)) },
          body: JSON.stringify({ query: LIST_KEYS }),
        });
        const json = (await response.json()) as { data?: { listApiKey?: { items: PlaygroundApiKey[] } } };
        const now = Date.now() / 1000;
        if (current) setKeys((json.data?.listApiKey?.items ?? []).filter((key) => key.expires > now));
      } catch {
        // Without the list the member and the pool user remain to run as.
      }
    })();
    return () => {
      current = false;
    };
  }, [apiId]);
  return keys;
}
