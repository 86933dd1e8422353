import { RelayEnvironmentProvider } from "react-relay/hooks";
import type { SchemaModel } from "../../domain/model";
import { useQueryEnvironment } from "../../relay/queryEnvironment";
import { RecordEditor, recordQuery } from "./RecordEditor";
import { RecordLabel } from "./RecordLabel";
import { RecordSidebar } from "./RecordSidebar";
import { RightSidebar } from "../../layouts/RightSidebar";
import type { RecordStack } from "./recordStack";
import type { RecordStackActions } from "./useRecordStack";

/**
 * The record editor on the project's own endpoint, in the layout's right sidebar: it holds the
 * environment of its query's Relay project while open.
 */
export function RecordSidebarArea(props: {
  apiId: string;
  model: SchemaModel;
  stack: RecordStack;
  actions: RecordStackActions;
  /** The grid's list and its table (a created record is put first in it). */
  gridList?: { table: string; id: string } | null;
}) {
  // The environment of the editor's query: the project's own endpoint.
  const environment = useQueryEnvironment(recordQuery, { apiId: props.apiId });
  if (props.stack.length === 0) return null;
  return (
    <RelayEnvironmentProvider environment={environment}>
      <RightSidebar>
        <RecordSidebar
          stack={props.stack}
          onBack={props.actions.pop}
          onClose={props.actions.close}
          recordName={(frame) => <RecordLabel table={frame.table} id={frame.id} />}
        >
          {(frame) => <RecordEditor frame={frame} model={props.model} actions={props.actions} gridList={props.gridList} />}
        </RecordSidebar>
      </RightSidebar>
    </RelayEnvironmentProvider>
  );
}
