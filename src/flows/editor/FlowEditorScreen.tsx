import { useMemo, useState } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "@tanstack/react-router";
import type { FlowEditorScreenQuery } from "../../__generated__/FlowEditorScreenQuery.graphql";
import type { FlowEditorScreenSaveMutation } from "../../__generated__/FlowEditorScreenSaveMutation.graphql";
import type { FlowProblem, FlowSchema } from "../../domain/flows/types";
import { canAddTrigger, flowProblems, parseFlowSchema } from "../../domain/flows/validate";
import { readStoredModel } from "../../domain/model";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { errorText } from "../../common/ErrorMessage";
import { useMutate } from "../../relay/mutate";
import { useAnnounce } from "../../ui/LiveRegion";
import { ApiError } from "../../relay/errors";
import { FlowCanvas } from "./FlowCanvas";
import { StepPanel, TriggerPanel } from "./NodePanel";
import { RunsPanel } from "./RunsPanel";
import { addStep, addTrigger, connect, moveNode, removeNodes, updateStep, updateTrigger } from "./flowEdits";
import "./flowEditor.css";
import { NotFoundScreen } from "../../common/NotFoundScreen";

export const flowEditorScreenQuery = graphql`
  query FlowEditorScreenQuery($apiId: ID!, $flowId: ID!) {
    api(id: $apiId) {
      id
      name
      schema
    }
    flow(id: $flowId) {
      id
      name
      schema
      webhookUrl
      viewerCanEdit
    }
  }
`;

const saveMutation = graphql`
  mutation FlowEditorScreenSaveMutation($input: UpdateFlowInput!) {
    updateFlow(input: $input) {
      id
      schema
      updatedAt
    }
  }
`;

/** Bounds the editor checks with; the server checks again with the deployment's limits. */
const EDITOR_BOUNDS = { maxSteps: 1000, maxBytes: 10 * 1024 * 1024 };

/**
 * project-flow-editor (spec §2 Flow editor): the canvas of triggers and steps, a side panel for
 * the selected node, Save. §5's problems show on their node and in the panel as the user edits;
 * a refused save shows the server's message there too (spec §8 ignores it silently: DECISIONS).
 */
export default function FlowEditorScreen(props: { queryRef: PreloadedQuery<FlowEditorScreenQuery> }) {
  const intl = useIntl();
  const announce = useAnnounce();
  const { api, flow } = usePreloadedQuery<FlowEditorScreenQuery>(flowEditorScreenQuery, props.queryRef);
  const initial = useMemo(() => {
    const parsed = flow ? parseFlowSchema(flow.schema, EDITOR_BOUNDS.maxBytes) : null;
    return parsed && "schema" in parsed ? parsed.schema : { triggers: [], steps: [], startStep: null };
  }, [flow]);
  const [schema, setSchema] = useState<FlowSchema>(initial);
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [saveFailure, setSaveFailure] = useState<{ text: string; problem: FlowProblem | null } | null>(null);
  const [save, saving] = useMutate<FlowEditorScreenSaveMutation>(saveMutation);
  const fieldsOf = useMemo(() => {
    const read = api ? readStoredModel(api.schema) : null;
    return Object.fromEntries((read && "model" in read ? read.model.objectTypes : []).map((t) => [t.name, t.fields.map((f) => f.name)]));
  }, [api]);
  const tables = useMemo(() => Object.keys(fieldsOf), [fieldsOf]);
  const problems = useMemo(() => {
    const found = flowProblems(schema, { ...EDITOR_BOUNDS, tables });
    return saveFailure?.problem ? [...found, saveFailure.problem] : found;
  }, [schema, tables, saveFailure]);

  if (!api || !flow) {
    return <NotFoundScreen />;
  }
  const readOnly = !flow.viewerCanEdit;
  const change = (next: FlowSchema) => {
    setSchema(next);
    setDirty(true);
    setSaveFailure(null);
  };
  const onSave = async () => {
    setSaveFailure(null);
    try {
      await save({ input: { id: flow.id, schema: JSON.stringify(schema) } });
      setDirty(false);
      announce(intl.formatMessage({ id: "flows.saved" }));
    } catch (error) {
      // The server names the step or trigger it refused: its node and panel show the message too.
      const values = error instanceof ApiError ? (error.values ?? {}) : {};
      const problem: FlowProblem | null =
        error instanceof ApiError && error.messageId && (values.stepId || values.triggerId)
          ? { messageId: error.messageId, stepId: values.stepId, triggerId: values.triggerId, field: values.field, values }
          : null;
      setSaveFailure({ text: errorText(intl, error), problem });
      if (problem) setSelected(problem.stepId ?? problem.triggerId ?? null);
    }
  };
  const selectedTrigger = schema.triggers.find((t) => t.id === selected);
  const selectedStep = schema.steps.find((s) => s.id === selected);
  const nodeProblems = problems.filter((p) => p.triggerId === selected || p.stepId === selected);
  const flowLevel = problems.filter((p) => !p.triggerId && !p.stepId);
  return (
    <section className="flow-editor" data-testid="flow-editor">
      <nav aria-label={intl.formatMessage({ id: "flows.breadcrumb" })} className="flow-breadcrumb">
        <Link to="/api/$apiId/data" params={{ apiId: api.id }}>
          {api.name}
        </Link>{" "}
        /{" "}
        <Link to="/api/$apiId/flows" params={{ apiId: api.id }}>
          <FormattedMessage id="flows.title" />
        </Link>{" "}
        / <span aria-current="page">{flow.name}</span>
      </nav>
      <div className="flow-editor-bar">
        <h1>{flow.name}</h1>
        {!readOnly && (
          <>
            <Button
              onClick={() => {
                const added = addTrigger(schema);
                change(added.schema);
                setSelected(added.id);
              }}
              disabled={!canAddTrigger(schema)}
              data-testid="flow-add-trigger"
            >
              <FormattedMessage id="flows.addTrigger" />
            </Button>
            <Button
              onClick={() => {
                const added = addStep(schema, selectedStep?.id ?? null);
                change(added.schema);
                setSelected(added.id);
              }}
              data-testid="flow-add-step"
            >
              <FormattedMessage id="flows.addStep" />
            </Button>
            <Button variant="primary" onClick={() => void onSave()} busy={saving} disabled={!dirty} data-testid="flow-save">
              <FormattedMessage id="flows.save" />
            </Button>
          </>
        )}
      </div>
      {saveFailure && (
        <Alert variant="danger" testId="flow-save-error">
          {saveFailure.text}
        </Alert>
      )}
      {flowLevel.length > 0 && (
        <ul className="flow-problems" data-testid="flow-problems">
          {flowLevel.map((p) => (
            <li key={p.messageId + (p.field ?? "")}>{intl.formatMessage({ id: p.messageId }, p.values)}</li>
          ))}
        </ul>
      )}
      <div className="flow-editor-body">
        <FlowCanvas
          schema={schema}
          problems={problems}
          selected={selected}
          readOnly={readOnly}
          onSelect={setSelected}
          onMove={(id, position) => setSchema((old) => moveNode(old, id, position))}
          onConnect={(source, target, handle) => change(connect(schema, source, target, handle))}
          onDelete={(ids) => {
            change(removeNodes(schema, new Set(ids)));
            setSelected(null);
          }}
        />
        <aside className="flow-side-panel" aria-label={intl.formatMessage({ id: "flows.panel.label" })} data-testid="flow-side-panel">
          {selectedTrigger ? (
            <TriggerPanel
              key={selectedTrigger.id}
              trigger={selectedTrigger}
              tables={tables}
              problems={nodeProblems}
              webhookUrl={flow.webhookUrl}
              readOnly={readOnly}
              onChange={(patch) => change(updateTrigger(schema, selectedTrigger.id, patch))}
              onDelete={() => {
                change(removeNodes(schema, new Set([selectedTrigger.id])));
                setSelected(null);
              }}
            />
          ) : selectedStep ? (
            <StepPanel
              key={selectedStep.id}
              step={selectedStep}
              schema={schema}
              tables={tables}
              fieldsOf={fieldsOf}
              problems={nodeProblems}
              readOnly={readOnly}
              onChange={(patch) => change(updateStep(schema, selectedStep.id, patch))}
              onStart={() => change({ ...schema, startStep: selectedStep.id })}
              onDelete={() => {
                change(removeNodes(schema, new Set([selectedStep.id])));
                setSelected(null);
              }}
            />
          ) : (
            <p className="field-hint">
              <FormattedMessage id="flows.panel.empty" />
            </p>
          )}
          <RunsPanel flowId={flow.id} canRun={!readOnly} dirty={dirty} tables={tables} />
        </aside>
      </div>
    </section>
  );
}
