import { graphql, usePaginationFragment } from "react-relay/hooks";
import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import type { ProjectGrid_org$key } from "../__generated__/ProjectGrid_org.graphql";
import { ProjectCard } from "./ProjectCard";
import { Button } from "../ui/Button";
import "./ProjectGrid.css";

/** 1–4 cards per row by width; the create card comes first, for those who may create projects. */
export function ProjectGrid(props: { org: ProjectGrid_org$key; canCreate: boolean }) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment ProjectGrid_org on Org
      @refetchable(queryName: "ProjectGridPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
        apis(first: $first, after: $after) @connection(key: "ProjectGrid_apis") {
          __id
          edges {
            node {
              id
              ...ProjectCard_api
            }
          }
        }
      }
    `,
    props.org,
  );
  return (
    <>
      <ul className="project-grid" data-testid="project-grid">
        {props.canCreate && (
          <li>
            <Link to="/project-setup/name" className="project-card project-card-create" data-testid="create-project-card">
              <span className="project-card-plus" aria-hidden="true">
                +
              </span>
              <FormattedMessage id="org.dashboard.createProject" />
            </Link>
          </li>
        )}
        {data.apis.edges.map(({ node }) => (
          <li key={node.id}>
            <ProjectCard api={node} />
          </li>
        ))}
      </ul>
      {hasNext && (
        <Button onClick={() => loadNext(50)} busy={isLoadingNext}>
          <FormattedMessage id="common.loadMore" />
        </Button>
      )}
    </>
  );
}
