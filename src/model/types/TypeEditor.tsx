import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  canEditObjectType,
  duplicateObjectType,
  removeObjectType,
  renameObjectType,
  sanitizeName,
} from "../../domain/model";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { useModelEditing } from "../ModelEditingContext";
import { ProblemText } from "../ProblemText";
import { typeNameProblem } from "../problems";
import { TabPanel, Tabs } from "../../ui/Tabs";
import { TriggersPanel } from "../triggers/TriggersPanel";
import { ConnectionsPanel } from "./ConnectionsPanel";
import { TableAccessEditor } from "../access/TableAccessEditor";
import { FieldsTable } from "./FieldsTable";

type TypeTab = "connections" | "access" | "triggers";

/** One table: its name, fields, connections, access and (for a published API) triggers. */
export function TypeEditor(props: { typeId: string; onSelect(id: string): void }) {
  const intl = useIntl();
  const tabsId = useId();
  const { model, change, problems, canEditTables, published, hasPublishedApi, authMode } = useModelEditing();
  const [tab, setTab] = useState<TypeTab>("connections");
  const index = model.objectTypes.findIndex((objectType) => objectType.id === props.typeId);
  const objectType = model.objectTypes[index];
  if (!objectType) return null;
  // The users table cannot be edited, duplicated or deleted once published (spec §5).
  const lockedUsersTable = !canEditObjectType(objectType, published);
  const editable = canEditTables && !lockedUsersTable;
  const nameProblem = typeNameProblem(problems, model, ["objectTypes", index, "name"]);
  const shownTab: TypeTab = tab === "triggers" && !hasPublishedApi ? "connections" : tab;

  const duplicate = () => {
    const copy = duplicateObjectType(model, objectType.id);
    change(() => copy.model);
    props.onSelect(copy.id);
  };
  const remove = () => {
    const neighbour = model.objectTypes[index - 1] ?? model.objectTypes[index + 1];
    change((current) => removeObjectType(current, objectType.id));
    if (neighbour) props.onSelect(neighbour.id);
  };

  return (
    <div className="model-editor" data-testid="type-editor">
      {lockedUsersTable && canEditTables && (
        <Alert variant="info" testId="users-table-locked">
          <FormattedMessage id="model.types.usersTableLocked" />
        </Alert>
      )}
      <div className="model-editor-head">
        <TextField
          label={<FormattedMessage id="model.types.name" />}
          value={objectType.name}
          onChange={(name) => change((current) => renameObjectType(current, objectType.id, sanitizeName(name)))}
          error={nameProblem && <ProblemText problem={nameProblem} />}
          disabled={!editable}
          autoComplete="off"
          data-testid="type-name"
        />
        {editable && (
          <div className="model-editor-actions">
            <Button onClick={duplicate} data-testid="duplicate-type">
              <FormattedMessage id="model.types.duplicate" />
            </Button>
            <Button variant="danger" onClick={remove} disabled={model.objectTypes.length < 2} data-testid="remove-type">
              <FormattedMessage id="model.types.remove" />
            </Button>
          </div>
        )}
      </div>
      <FieldsTable objectType={objectType} typeIndex={index} editable={editable} />
      <Tabs<TypeTab>
        idPrefix={tabsId}
        label={intl.formatMessage({ id: "model.types.tabs" }, { name: objectType.name })}
        tabs={[
          { id: "connections", label: intl.formatMessage({ id: "model.tab.connections" }) },
          { id: "access", label: intl.formatMessage({ id: "model.tab.access" }) },
          ...(hasPublishedApi ? [{ id: "triggers" as const, label: intl.formatMessage({ id: "model.tab.triggers" }) }] : []),
        ]}
        selected={shownTab}
        onSelect={setTab}
        testId="type-tabs"
      />
      <TabPanel idPrefix={tabsId} id={shownTab}>
        {shownTab === "connections" ? (
          <ConnectionsPanel objectType={objectType} editable={editable} />
        ) : shownTab === "access" ? (
          <TableAccessEditor
            objectType={objectType}
            authMode={authMode}
            editable={editable}
            onChange={(next) => change((current) => ({ ...current, objectTypes: current.objectTypes.map((candidate) => (candidate.id === next.id ? next : candidate)) }))}
          />
        ) : (
          <TriggersPanel objectType={objectType} typeIndex={index} editable={editable} />
        )}
      </TabPanel>
    </div>
  );
}
