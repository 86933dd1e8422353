import { useEffect } from "react";
import { graphql, useFragment, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage } from "react-intl";
import { isUsersTable, type SchemaModel } from "../../domain/model";
import { childConnections, parentConnections } from "../../domain/records";
import { Alert } from "../../ui/Alert";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { ChildConnectionList } from "./ChildConnectionList";
import { ParentConnection } from "./ParentConnection";
import { RecordForm } from "./RecordForm";
import { UserGroupsCard } from "./UserGroupsCard";
import type { RecordFrame } from "./recordStack";
import type { RecordStackActions } from "./useRecordStack";
import { useRecordLive } from "./useRecordLive";
import type { RecordEditorQuery } from "../../__generated__/RecordEditorQuery.graphql";
import type { RecordEditor_connections$key } from "../../__generated__/RecordEditor_connections.graphql";

export const recordQuery = graphql`
  query RecordEditorQuery($id: ID!, $ofType: String!) {
    viewerCanEditData
    type(id: $id, ofType: $ofType) {
      ...RecordForm_entry
      ...RecordEditor_connections
    }
  }
`;

interface EditorProps {
  frame: RecordFrame;
  model: SchemaModel;
  actions: RecordStackActions;
  /** The grid's list and its table: a record created in that table is put first in it. */
  gridList?: { table: string; id: string } | null;
}

/** The top record of the stack: a new one's form, or an existing one loaded and watched. */
export function RecordEditor(props: EditorProps) {
  const table = props.model.objectTypes.find((candidate) => candidate.name === props.frame.table);
  if (!table) {
    return (
      <Alert variant="danger" testId="record-error">
        <FormattedMessage id="data.record.tableGone" values={{ table: props.frame.table }} />
      </Alert>
    );
  }
  if (!props.frame.id) {
    const link = props.frame.parentLink;
    return (
      <RecordForm
        entry={null}
        table={table}
        enums={props.model.enumTypes}
        frame={props.frame}
        deleted={false}
        onCreated={(id) => props.actions.replaceTop({ table: table.name, id })}
        lists={props.gridList?.table === table.name ? [props.gridList.id] : []}
        onCancelNew={props.actions.pop}
        onReload={() => undefined}
        linkFields={parentConnections(props.model, table).map((connection) => (
          // Spec §2: the parent-link field is prefilled with the previous record's id.
          <TextField
            key={connection.slot}
            label={connection.link}
            value={link?.field === connection.link ? link.id : ""}
            readOnly
            onChange={() => undefined}
            data-testid={`record-link-field-${connection.link}`}
          />
        ))}
      />
    );
  }
  return <ExistingRecord {...props} id={props.frame.id} />;
}

function ExistingRecord(props: EditorProps & { id: string }) {
  const [queryRef, load] = useQueryLoader<RecordEditorQuery>(recordQuery);
  const variables = { id: props.id, ofType: props.frame.table };
  useEffect(() => load(variables, { fetchPolicy: "store-and-network" }), [props.id, props.frame.table]);
  if (!queryRef) return <Spinner />;
  return <LoadedRecord {...props} queryRef={queryRef} onReload={() => load(variables, { fetchPolicy: "network-only" })} />;
}

function LoadedRecord(props: EditorProps & { id: string; queryRef: PreloadedQuery<RecordEditorQuery>; onReload(): void }) {
  const data = usePreloadedQuery<RecordEditorQuery>(recordQuery, props.queryRef);
  const { deleted } = useRecordLive(props.frame.table, props.id);
  const table = props.model.objectTypes.find((candidate) => candidate.name === props.frame.table)!;
  if (!data.type) {
    // Spec §7: a watched object that is not returned reports 'Object not found'.
    return (
      <Alert variant="danger" testId="record-error">
        <FormattedMessage id="data.record.notFound" />
      </Alert>
    );
  }
  const open = (id: string, ofType: string) => props.actions.push({ table: ofType, id });
  return (
    <>
      <RecordForm
        entry={data.type}
        table={table}
        enums={props.model.enumTypes}
        frame={props.frame}
        deleted={deleted}
        readOnly={!data.viewerCanEditData}
        onCreated={() => undefined}
        onCancelNew={() => undefined}
        onReload={props.onReload}
      />
      {!deleted && isUsersTable(table) && <UserGroupsCard userId={props.id} model={props.model} />}
      {!deleted && <RecordConnections entry={data.type} model={props.model} canEdit={data.viewerCanEditData} onOpen={open} onAdd={props.actions.push} />}
    </>
  );
}

function RecordConnections(props: {
  entry: RecordEditor_connections$key;
  model: SchemaModel;
  /** Whether the viewer may write entries (docs/ROLES.md data.edit): linking is a write. */
  canEdit: boolean;
  onOpen(id: string, table: string): void;
  onAdd(frame: RecordFrame): void;
}) {
  const entry = useFragment(
    graphql`
      fragment RecordEditor_connections on Type {
        id
        ofType
        fields
        connections
      }
    `,
    props.entry,
  );
  const table = props.model.objectTypes.find((candidate) => candidate.name === entry.ofType);
  if (!table) return null;
  let links: Record<string, string | null> = {};
  try {
    links = JSON.parse(entry.connections);
  } catch {
    // Without readable links the parents show as not linked; linking one writes them anew.
  }
  const record = { id: entry.id, table, fields: entry.fields };
  return (
    <>
      {parentConnections(props.model, table).map((connection) => (
        <ParentConnection
          key={connection.slot}
          connection={connection}
          record={record}
          parentId={links[connection.link] ?? null}
          canEdit={props.canEdit}
          onOpen={props.onOpen}
        />
      ))}
      {childConnections(props.model, table).map((connection) => (
        <ChildConnectionList
          key={`${connection.child.id}-${connection.slot}`}
          connection={connection}
          parent={record}
          canEdit={props.canEdit}
          onOpen={props.onOpen}
          onAdd={() => props.onAdd({ table: connection.child.name, id: null, parentLink: { field: connection.link, id: entry.id } })}
        />
      ))}
    </>
  );
}
