import { useEffect } from "react";
import { useMatches, useParams } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { documentTitle } from "./documentTitle";

/**
 * Names the screen (from the leaf route's name) and its workspace or project in the browser tab.
 * The org and project layouts pass the workspace's or project's name from their query as `place`;
 * the root's instance names the screens outside them.
 */
export function DocumentTitle(props: { place?: string }) {
  const intl = useIntl();
  const routeName = useMatches().at(-1)?.staticData.name;
  const { orgId, apiId } = useParams({ strict: false });
  const titleId = `title.${routeName}`;
  const screen = routeName && intl.messages[titleId] ? intl.formatMessage({ id: titleId }) : undefined;
  const namedByLayout = Boolean(orgId || apiId) && props.place === undefined;
  const title = documentTitle(screen, props.place, intl.formatMessage({ id: "app.name" }));
  useEffect(() => {
    if (!namedByLayout) document.title = title;
  }, [title, namedByLayout]);
  return null;
}
