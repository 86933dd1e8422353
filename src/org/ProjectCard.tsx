import { graphql, useFragment } from "react-relay/hooks";
import { Link } from "@tanstack/react-router";
import { Truncated } from "../ui/Truncated";
import { FormattedMessage } from "react-intl";
import type { ProjectCard_api$key } from "../__generated__/ProjectCard_api.graphql";
import { isPublished, statusLabel } from "../domain/apiState";
import { regionName } from "../domain/regions";

/** Name, region label, status label and the live dot (its icon differs once published). */
export function ProjectCard(props: { api: ProjectCard_api$key }) {
  const api = useFragment(
    graphql`
      fragment ProjectCard_api on Api {
        id
        name
        region
        state
      }
    `,
    props.api,
  );
  const label = statusLabel(api.state);
  const published = isPublished(api.state);
  return (
    <Link to="/api/$apiId/overview" params={{ apiId: api.id }} className="project-card" data-testid="project-card">
      <Truncated text={api.name} className="project-card-name" />
      <span className="project-card-region">{regionName(api.region)}</span>
      <span className={`project-card-status status-${label}`} data-testid="project-status">
        <span className="live-dot" data-published={published} aria-hidden="true">
          {published ? "●" : "○"}
        </span>
        <FormattedMessage id={`org.dashboard.status.${label}`} />
      </span>
    </Link>
  );
}
