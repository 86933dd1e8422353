import { useEffect, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import {
  addObjectType,
  canEditObjectType,
  duplicateObjectType,
  removeField,
  toggleSortBy,
  updateField,
  type Field,
  type ObjectType,
  type SchemaModel,
} from "../domain/model";
import { isImported, isPublished } from "../domain/apiState";
import { Alert } from "../ui/Alert";
import { ErrorMessage } from "../common/ErrorMessage";
import { AddTableMenu } from "./AddTableMenu";
import { DataToolbar } from "./DataToolbar";
import { TableActionsMenu } from "./TableActionsMenu";
import { TableDialogs, type TableDialog } from "./TableDialogs";
import { TableGrid } from "./TableGrid";
import { TABLE_TABS_ID, TableTabs } from "./TableTabs";
import { panelId, tabId } from "../ui/Tabs";
import { filterExpression, filterSearchValue } from "../domain/filters";
import { useSelectedTable } from "./useSelectedTable";
import { rememberLive } from "./liveProjects";
import { FilterDropdown } from "./filter/FilterDropdown";
import { FilterChips } from "./filter/FilterChips";
import { useTableFilter } from "./filter/useTableFilter";
import { RecordSidebarArea } from "./record/RecordSidebarArea";
import { useRecordStack } from "./record/useRecordStack";
import { EntriesPanel, type EntriesRef } from "./entries/EntriesPanel";
import { useAskRouteForEntries } from "./entries/useAskRouteForEntries";
import { useReloadRoute } from "../router/useReloadRoute";
import { DEFAULT_PAGE_SIZE, entriesVariables } from "./entries/entriesSearch";
import { useTableSort } from "./entries/useTableSort";
import { CsvExportButton } from "./csv/CsvExportButton";
import { CsvImportButton } from "./csv/CsvImportButton";
import type { useProjectModel } from "./useProjectModel";
import { ProjectSignInBar } from "./projectSignIn/ProjectSignInBar";
import { useProjectSignIn } from "../relay/projectSignIns";
import "./DataExplorer.css";

interface ExplorerApi {
  id: string;
  state: string;
  creationType: string;
  defaultAuthMode: string;
  graphqlUrl: string | null | undefined;
  viewerCanEditModel: boolean;
  authProviderPoolId?: string | null;
  authProviderClientId?: string | null;
  authProviderUrl?: string | null;
}

/**
 * The data explorer of spec §2: one tab per table, the add-table dropdown, the table actions
 * menu and dialogs, the toolbar and the table. Entries arrive with publishing; until then the
 * table shows its columns.
 */
export function DataExplorer(props: {
  api: ExplorerApi;
  project: ReturnType<typeof useProjectModel>;
  onReload(): void;
  reloading: boolean;
  /** The entries query the data route loaded (null when it did not know the table). */
  entriesRef: EntriesRef | null;
}) {
  const { model, save } = props.project;
  const [selected, select] = useSelectedTable(model);
  const [dialog, setDialog] = useState<TableDialog | null>(null);
  const [filter, setFilter] = useTableFilter(props.api.id, selected);
  const [records, recordActions] = useRecordStack();
  // The grid's list (Relay connection), so the record editor can put a created entry first in it.
  const [gridListId, setGridListId] = useState<string | null>(null);
  // A new entry open on top of the stack shows as the grid's blank row (spec §2).
  const newFrame = records.at(-1);
  const addingTo = newFrame && newFrame.id === null ? newFrame.table : null;
  const [error, setError] = useState<unknown>(null);
  const imported = isImported(props.api);
  // Table editing is hidden for imported APIs and for members who may not edit the model.
  const canEditModel = !imported && props.api.viewerCanEditModel;
  const published = isPublished(props.api.state);
  const editable = (table: ObjectType) => canEditModel && canEditObjectType(table, published);

  /** Saves a change made outside a dialog; its error shows above the table. */
  const saveHere = async (next: SchemaModel, then?: () => void) => {
    setError(null);
    try {
      await save(next);
      then?.();
    } catch (caught) {
      setError(caught);
    }
  };
  const addTable = () => {
    const result = addObjectType(model);
    const name = result.model.objectTypes.find((type) => type.id === result.id)?.name;
    void saveHere(result.model, () => name && select(name));
  };
  const duplicate = (table: ObjectType) => {
    const result = duplicateObjectType(model, table.id);
    const name = result.model.objectTypes.find((type) => type.id === result.id)?.name;
    void saveHere(result.model, () => name && select(name));
  };
  const enumName = (enumId: string | null | undefined) => model.enumTypes.find((enumType) => enumType.id === enumId)?.name;
  // Entries exist once the project has a live version; a table added since shows as unpublished.
  const live = Boolean(props.api.graphqlUrl);
  useEffect(() => rememberLive(props.api.id, live), [props.api.id, live]);
  const { authProviderPoolId: poolId, authProviderClientId: clientId, authProviderUrl: url } = props.api;
  const userPool = poolId && clientId && url ? { poolId, clientId, url } : null;
  const projectUser = useProjectSignIn(props.api.id).session?.email;
  const [sort, setSort, sortSearch] = useTableSort(props.api.id, selected);
  // The route loads a list's first page at the default size; a size chosen since holds for that list.
  const [chosenSize, setChosenSize] = useState<{ list: EntriesRef | null; size: number }>({ list: null, size: DEFAULT_PAGE_SIZE });
  const pageSize = chosenSize.list === props.entriesRef ? chosenSize.size : DEFAULT_PAGE_SIZE;
  const setPageSize = (size: number) => setChosenSize({ list: props.entriesRef, size });
  const entriesShown = entriesVariables(selected?.name ?? "", { sort: sortSearch, filter: filterSearchValue(filter) }, pageSize);
  const askRouteForEntries = useAskRouteForEntries(entriesShown);
  const reloadRoute = useReloadRoute();
  // Signing in or out as a project user loads the entries again, as that user.
  const signedInAs = useRef(projectUser);
  useEffect(() => {
    if (signedInAs.current === projectUser) return;
    signedInAs.current = projectUser;
    reloadRoute();
  }, [projectUser, reloadRoute]);
  const fieldActions = {
    onAddField: () => setDialog({ kind: "field" }),
    onEditField: (field: Field) => setDialog({ kind: "field", fieldId: field.id }),
    onRemoveField: (field: Field) => selected && void saveHere(removeField(model, selected.id, field.id)),
  };
  const makeSortable = (field: Field) => selected && void saveHere(updateField(model, selected.id, field.id, { directives: toggleSortBy(field).directives }));
  const headerOnly = (table: ObjectType, publishHint: boolean) => (
    <>
      {publishHint && (
        <Alert variant="info" testId="table-unpublished">
          <FormattedMessage id="data.entries.tableNotPublished" />
        </Alert>
      )}
      <TableGrid table={table} enumName={enumName} panelId={panelId(TABLE_TABS_ID, table.id)} editable={editable(table)} {...fieldActions} />
    </>
  );

  return (
    <div className="data-explorer" data-testid="data-explorer">
      {props.project.problem && (
        <Alert variant="danger" testId="model-error">
          <FormattedMessage id="data.modelUnreadable" />
        </Alert>
      )}
      <div className="data-tabs-row">
        <TableTabs
          tables={model.objectTypes}
          selectedId={selected?.id}
          onSelect={(table) => select(table.name)}
          end={
            canEditModel && (
              <AddTableMenu tables={model.objectTypes} canDuplicate={editable} onAdd={addTable} onDuplicate={duplicate} />
            )
          }
        />
        {selected && canEditModel && (
          <TableActionsMenu
            tableName={selected.name}
            editable={editable(selected)}
            onOpen={setDialog}
            onDuplicate={() => duplicate(selected)}
          />
        )}
      </div>
      {error != null && (
        <Alert variant="danger" testId="data-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
      {live && userPool && <ProjectSignInBar apiId={props.api.id} pool={userPool} />}
      {selected && live ? (
        <EntriesPanel
          // A project user's sign-in starts the grid afresh.
          key={`${props.api.id} ${projectUser ?? ""}`}
          apiId={props.api.id}
          queryRef={props.entriesRef}
          variables={entriesShown}
          onStale={askRouteForEntries}
          onRetry={reloadRoute}
          table={selected}
          model={model}
          enumName={enumName}
          sort={sort}
          onSort={setSort}
          filter={filterSearchValue(filter) ?? null}
          filterControl={
            <>
              <FilterDropdown fields={selected.fields} enums={model.enumTypes} conditions={filter} onChange={setFilter} />
              <FilterChips conditions={filter} onChange={setFilter} />
            </>
          }
          onAddEntry={() => recordActions.open({ table: selected.name, id: null })}
          onOpenEntry={(id) => recordActions.open({ table: selected.name, id })}
          onOpenRelated={(table, id) => recordActions.push({ table, id })}
          adding={addingTo === selected.name}
          onListId={setGridListId}
          renderImport={(reloadRows) => (
            // An import may add opted-in columns to the model: reload it with the rows.
            <CsvImportButton
              apiId={props.api.id}
              model={model}
              table={selected}
              onImported={() => {
                reloadRows();
                props.onReload();
              }}
            />
          )}
          exportControl={<CsvExportButton apiId={props.api.id} table={selected.name} filter={filterExpression(filter)} sort={sortSearch ?? null} />}
          pageSize={pageSize}
          onPageSize={setPageSize}
          panelId={panelId(TABLE_TABS_ID, selected.id)}
          labelledBy={tabId(TABLE_TABS_ID, selected.id)}
          editableModel={editable(selected)}
          onAddField={fieldActions.onAddField}
          onEditField={fieldActions.onEditField}
          onRemoveField={fieldActions.onRemoveField}
          onMakeSortable={makeSortable}
          unpublished={headerOnly(selected, true)}
        />
      ) : selected ? (
        <>
          <DataToolbar published={false} onReload={props.onReload} reloading={props.reloading} />
          {headerOnly(selected, false)}
        </>
      ) : (
        <p className="field-hint" data-testid="no-tables">
          <FormattedMessage id="data.noTables" />
        </p>
      )}
      {records.length > 0 && (
        <RecordSidebarArea
          apiId={props.api.id}
          model={model}
          stack={records}
          actions={recordActions}
          gridList={selected && gridListId ? { table: selected.name, id: gridListId } : null}
        />
      )}
      {dialog && selected && (
        <TableDialogs
          dialog={dialog}
          model={model}
          table={selected}
          defaultAuthMode={props.api.defaultAuthMode}
          save={save}
          onOpen={setDialog}
          onSelectTable={(name) => select(name ?? "", { replace: true })}
        />
      )}
    </div>
  );
}
