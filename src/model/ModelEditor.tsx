import { useId, useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { ErrorMessage } from "../common/ErrorMessage";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { ModelEditingContext, type ModelEditing } from "./ModelEditingContext";
import { ModelLimits } from "./ModelLimits";
import { ProblemText } from "./ProblemText";
import { TabPanel, Tabs } from "../ui/Tabs";
import { TypesTab } from "./types/TypesTab";
import { EnumsTab } from "./enums/EnumsTab";
import { useModelDraft } from "./useModelDraft";
import "./model.css";

type ModelTab = "types" | "enums";

/** The working copy with Save and Cancel (shown only when it differs from the saved declaration). */
export function ModelEditor(props: {
  apiId: string;
  schema: string;
  /** The project's auth mode: table permissions are allowed only where it offers them. */
  authMode: string | null;
  imported: boolean;
  canEdit: boolean;
  published: boolean;
  hasPublishedApi: boolean;
}) {
  const intl = useIntl();
  const tabsId = useId();
  const [tab, setTab] = useState<ModelTab>("types");
  const draft = useModelDraft(props.apiId, props.schema, props.authMode);
  const editing = useMemo<ModelEditing>(
    () => ({
      model: draft.model,
      problems: draft.problems,
      change: draft.change,
      canEditTables: props.canEdit && !props.imported,
      canEditEnums: props.canEdit,
      published: props.published,
      hasPublishedApi: props.hasPublishedApi,
      authMode: props.authMode,
    }),
    [draft.model, draft.problems, draft.change, props.canEdit, props.imported, props.published, props.hasPublishedApi, props.authMode],
  );

  if (draft.loadProblem) {
    return (
      <Alert variant="danger" testId="model-load-error">
        <ProblemText problem={draft.loadProblem} />
      </Alert>
    );
  }

  return (
    <ModelEditingContext.Provider value={editing}>
      <div className="model-toolbar">
        <h1>
          <FormattedMessage id="model.title" />
        </h1>
        {draft.dirty && (
          <div className="model-toolbar-actions">
            <Button onClick={draft.cancel} disabled={draft.saving} data-testid="model-cancel">
              <FormattedMessage id="model.cancel" />
            </Button>
            <Button
              variant="primary"
              onClick={() => void draft.save()}
              busy={draft.saving}
              disabled={draft.problems.length > 0}
              data-testid="model-save"
            >
              <FormattedMessage id="model.save" />
            </Button>
          </div>
        )}
      </div>
      {draft.saveError !== null && (
        <Alert variant="danger" testId="model-save-error">
          <ErrorMessage error={draft.saveError} />
        </Alert>
      )}
      <ModelLimits model={draft.model} problems={draft.problems} />
      {props.imported && (
        <Alert variant="info" testId="model-imported">
          <FormattedMessage id="model.imported" />
        </Alert>
      )}
      <Tabs<ModelTab>
        idPrefix={tabsId}
        label={intl.formatMessage({ id: "model.tabs" })}
        tabs={[
          { id: "types", label: intl.formatMessage({ id: "model.tab.types" }) },
          { id: "enums", label: intl.formatMessage({ id: "model.tab.enums" }) },
        ]}
        selected={tab}
        onSelect={setTab}
        testId="model-tabs"
      />
      <TabPanel idPrefix={tabsId} id={tab}>
        {tab === "types" ? <TypesTab /> : <EnumsTab />}
      </TabPanel>
    </ModelEditingContext.Provider>
  );
}
