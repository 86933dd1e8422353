import { useState } from "react";
import { FormattedMessage } from "react-intl";
import {
  addObjectType,
  canEditObjectType,
  duplicateObjectType,
  removeField,
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
import { panelId } from "../ui/Tabs";
import { useSelectedTable } from "./useSelectedTable";
import { CsvExportButton } from "./csv/CsvExportButton";
import { CsvImportButton } from "./csv/CsvImportButton";
import type { useProjectModel } from "./useProjectModel";
import "./DataExplorer.css";

interface ExplorerApi {
  id: string;
  state: string;
  creationType: string;
  defaultAuthMode: string;
  graphqlUrl: string | null | undefined;
  viewerCanEditModel: boolean;
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
}) {
  const { model, save } = props.project;
  const [selected, select] = useSelectedTable(model);
  const [dialog, setDialog] = useState<TableDialog | null>(null);
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
      <DataToolbar
        published={Boolean(props.api.graphqlUrl)}
        onReload={props.onReload}
        reloading={props.reloading}
        actions={
          selected && {
            import: <CsvImportButton apiId={props.api.id} model={model} table={selected} onImported={props.onReload} />,
            export: <CsvExportButton apiId={props.api.id} table={selected.name} />,
          }
        }
      />
      {error != null && (
        <Alert variant="danger" testId="data-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
      {selected ? (
        <TableGrid
          table={selected}
          enumName={enumName}
          panelId={panelId(TABLE_TABS_ID, selected.id)}
          editable={editable(selected)}
          onAddField={() => setDialog({ kind: "field" })}
          onEditField={(field: Field) => setDialog({ kind: "field", fieldId: field.id })}
          onRemoveField={(field: Field) => void saveHere(removeField(model, selected.id, field.id))}
        />
      ) : (
        <p className="field-hint" data-testid="no-tables">
          <FormattedMessage id="data.noTables" />
        </p>
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
