import { graphql, type PreloadedQuery } from "react-relay/hooks";
import type { FilesPanelQuery } from "../../__generated__/FilesPanelQuery.graphql";
import { ProjectEndpointPanel } from "../../project/ProjectEndpointPanel";
import { FileList } from "./FileList";

export const filesPanelQuery = graphql`
  query FilesPanelQuery($count: Int!) {
    ...FileList_query @arguments(count: $count)
  }
`;

/** The project's files, read from its own endpoint; the route loads their first page. */
export function FilesPanel(props: { apiId: string; queryRef: PreloadedQuery<FilesPanelQuery> | null }) {
  return (
    <ProjectEndpointPanel<FilesPanelQuery> apiId={props.apiId} queryRef={props.queryRef} query={filesPanelQuery} errorTestId="files-load-error">
      {(data) => <FileList query={data} />}
    </ProjectEndpointPanel>
  );
}
