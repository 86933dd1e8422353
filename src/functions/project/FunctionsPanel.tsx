import { graphql, type PreloadedQuery } from "react-relay/hooks";
import type { FunctionsPanelQuery } from "../../__generated__/FunctionsPanelQuery.graphql";
import { ProjectEndpointPanel } from "../../project/ProjectEndpointPanel";
import { FunctionList } from "./FunctionList";

export const functionsPanelQuery = graphql`
  query FunctionsPanelQuery($count: Int!) {
    ...FunctionList_query @arguments(count: $count)
  }
`;

/** The project's cloud functions, read from its own endpoint. */
export function FunctionsPanel(props: { apiId: string; queryRef: PreloadedQuery<FunctionsPanelQuery> | null; openLogs?: string }) {
  return (
    <ProjectEndpointPanel<FunctionsPanelQuery> apiId={props.apiId} queryRef={props.queryRef} query={functionsPanelQuery} errorTestId="functions-load-error">
      {(data) => <FunctionList query={data} openLogs={props.openLogs} />}
    </ProjectEndpointPanel>
  );
}
