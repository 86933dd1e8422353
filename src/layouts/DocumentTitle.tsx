import { useEffect } from "react";
import { useMatches, useParams } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { useSession } from "../session/sessionState";
import { useProjectNav } from "../project/projectNav";
import { documentTitle } from "./documentTitle";

/** Names the screen (from the leaf route's name) and its workspace or project in the browser tab. */
export function DocumentTitle() {
  const intl = useIntl();
  const routeName = useMatches().at(-1)?.staticData.name;
  const { orgId, apiId } = useParams({ strict: false }) as { orgId?: string; apiId?: string };
  const orgName = useSession().roles[orgId ?? ""]?.orgName;
  const projectName = useProjectNav(apiId)?.name;
  const titleId = `title.${routeName}`;
  const screen = routeName && intl.messages[titleId] ? intl.formatMessage({ id: titleId }) : undefined;
  const title = documentTitle(screen, apiId ? projectName : orgName);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
