import { graphql, type PreloadedQuery } from "react-relay";
import type { FilesPanelQuery } from "../../__generated__/FilesPanelQuery.graphql";
import { ProjectEndpointPanel } from "../../project/ProjectEndpointPanel";
import { FileList } from "./FileList";
import { filesVariables } from "./filesVariables";

export const filesPanelQuery = graphql`
  query FilesPanelQuery($count: Int!) {
    ...FileList_query @arguments(count: $count)
  }
`;

/** The project's files, read from its own endpoint. */
export function FilesPanel(props: { apiId: string; initialRef: PreloadedQuery<FilesPanelQuery> | null }) {
  return (
    <ProjectEndpointPanel<FilesPanelQuery> apiId={props.apiId} initialRef={props.initialRef} query={filesPanelQuery} variables={filesVariables} errorTestId="files-load-error">
      {(data) => <FileList query={data} />}
    </ProjectEndpointPanel>
  );
}
