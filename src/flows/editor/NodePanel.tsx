import { useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { CONDITION_OPERATORS, DATA_CHANGES, HTTP_METHODS, STEP_RETRIES_MAX, STEP_VARIANTS, TRIGGER_VARIANTS, type FlowProblem, type FlowSchema, type FlowStep, type FlowTrigger } from "../../domain/flows/types";
import { isRetryable, nextRuns } from "../../domain/flows/validate";
import { TextField } from "../../ui/TextField";
import { SelectField } from "../../ui/SelectField";
import { availableReferences, type ReferenceOption } from "../../domain/flows/references";
import { ReferenceField } from "./ReferenceField";
import { Button } from "../../ui/Button";

/** The problem of one field of the node, in the user's language. */
function useFieldError(problems: readonly FlowProblem[]) {
  const intl = useIntl();
  return (field: string) => {
    const problem = problems.find((p) => p.field === field);
    return problem ? intl.formatMessage({ id: problem.messageId }, problem.values) : undefined;
  };
}

const fieldsText = (fields: Record<string, string> | undefined) => Object.entries(fields ?? {}).map(([name, value]) => `${name} = ${value}`).join("\n");
function readFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const at = line.indexOf("=");
    if (at > 0) fields[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return fields;
}

/** The step's field values, one `name = value` a line; the text is kept as typed while a line is unfinished. */
function FieldsText(props: { fields: Record<string, string> | undefined; references: readonly ReferenceOption[]; onChange(fields: Record<string, string>): void; label?: string; testId?: string }) {
  const intl = useIntl();
  const [text, setText] = useState(() => fieldsText(props.fields));
  return (
    <ReferenceField
      multiline
      references={props.references}
      label={props.label ?? intl.formatMessage({ id: "flows.field.fields" })}
      value={text}
      onChange={(next) => {
        setText(next);
        props.onChange(readFields(next));
      }}
      hint={intl.formatMessage({ id: "flows.field.fields.hint" })}
      data-testid={props.testId ?? "step-fields"}
    />
  );
}

export function TriggerPanel(props: { trigger: FlowTrigger; tables: readonly string[]; problems: readonly FlowProblem[]; webhookUrl: string; readOnly: boolean; onChange(patch: Partial<FlowTrigger>): void; onDelete(): void }) {
  const intl = useIntl();
  const { trigger } = props;
  const error = useFieldError(props.problems);
  const runs = trigger.variant === "schedule" && trigger.cron ? nextRuns(trigger.cron, trigger.timeZone, 5) : [];
  return (
    <fieldset className="flow-panel-fields" disabled={props.readOnly} data-testid="trigger-panel">
      <legend>
        <FormattedMessage id="flows.panel.trigger" values={{ id: trigger.id }} />
      </legend>
      <TextField label={intl.formatMessage({ id: "flows.field.triggerName" })} value={trigger.name} onChange={(name) => props.onChange({ name })} error={error("name")} data-testid="trigger-name" />
      <SelectField
        label={intl.formatMessage({ id: "flows.field.triggerVariant" })}
        value={trigger.variant}
        placeholder={intl.formatMessage({ id: "flows.field.choose" })}
        options={TRIGGER_VARIANTS.map((v) => ({ value: v, label: intl.formatMessage({ id: `flows.variant.${v}` }) }))}
        onChange={(variant) => props.onChange({ variant: variant as FlowTrigger["variant"] })}
        error={error("variant")}
        data-testid="trigger-variant"
      />
      {trigger.variant === "data" && (
        <>
          <SelectField label={intl.formatMessage({ id: "flows.field.table" })} value={trigger.table ?? ""} placeholder={intl.formatMessage({ id: "flows.field.choose" })} options={props.tables.map((t) => ({ value: t, label: t }))} onChange={(table) => props.onChange({ table })} error={error("table")} data-testid="trigger-table" />
          <fieldset className="flow-changes">
            <legend>
              <FormattedMessage id="flows.field.changes" />
            </legend>
            {DATA_CHANGES.map((change) => (
              <label key={change}>
                <input
                  type="checkbox"
                  checked={trigger.changes?.includes(change) ?? false}
                  onChange={(event) => props.onChange({ changes: event.target.checked ? [...(trigger.changes ?? []), change] : (trigger.changes ?? []).filter((c) => c !== change) })}
                />{" "}
                <FormattedMessage id={`flows.change.${change}`} />
              </label>
            ))}
            {error("changes") && (
              <div className="field-error" role="alert">
                {error("changes")}
              </div>
            )}
          </fieldset>
        </>
      )}
      {trigger.variant === "schedule" && (
        <>
          <TextField label={intl.formatMessage({ id: "flows.field.cron" })} value={trigger.cron ?? ""} onChange={(cron) => props.onChange({ cron })} error={error("cron")} hint={intl.formatMessage({ id: "flows.field.cron.hint" })} />
          <TextField label={intl.formatMessage({ id: "flows.field.timeZone" })} value={trigger.timeZone ?? ""} onChange={(timeZone) => props.onChange({ timeZone })} error={error("timeZone")} placeholder="UTC" />
          {runs.length > 0 && (
            <div data-testid="next-runs">
              <h3>
                <FormattedMessage id="flows.nextRuns" />
              </h3>
              <ol>
                {runs.map((run) => (
                  <li key={run.toISOString()}>{intl.formatDate(run, { dateStyle: "medium", timeStyle: "short", timeZone: trigger.timeZone || "UTC" })}</li>
                ))}
              </ol>
            </div>
          )}
        </>
      )}
      {trigger.variant === "webhook" && (
        <>
          <TextField label={intl.formatMessage({ id: "flows.field.webhookUrl" })} value={props.webhookUrl} onChange={() => {}} readOnly />
          <TextField label={intl.formatMessage({ id: "flows.field.secret" })} value={trigger.secret ?? ""} onChange={(secret) => props.onChange({ secret })} error={error("secret")} hint={intl.formatMessage({ id: "flows.field.secret.hint" })} />
        </>
      )}
      <Button variant="danger" onClick={props.onDelete}>
        <FormattedMessage id="flows.node.delete" />
      </Button>
    </fieldset>
  );
}

export function StepPanel(props: { step: FlowStep; schema: FlowSchema; tables: readonly string[]; fieldsOf: Readonly<Record<string, readonly string[]>>; problems: readonly FlowProblem[]; readOnly: boolean; onChange(patch: Partial<FlowStep>): void; onDelete(): void; onStart(): void }) {
  const intl = useIntl();
  const { step, schema } = props;
  const error = useFieldError(props.problems);
  const others = schema.steps.filter((s) => s.id !== step.id).map((s) => ({ value: s.id, label: s.name || s.id }));
  const none = intl.formatMessage({ id: "flows.field.none" });
  const references = useMemo(() => availableReferences(schema, step.id, props.fieldsOf), [schema, step.id, props.fieldsOf]);
  const isEntry = step.variant === "createEntry" || step.variant === "updateEntry" || step.variant === "deleteEntry";
  return (
    <fieldset className="flow-panel-fields" disabled={props.readOnly} data-testid="step-panel">
      <legend>
        <FormattedMessage id="flows.panel.step" values={{ id: step.id }} />
      </legend>
      <TextField label={intl.formatMessage({ id: "flows.field.stepName" })} value={step.name ?? ""} onChange={(name) => props.onChange({ name })} data-testid="step-name" />
      <SelectField
        label={intl.formatMessage({ id: "flows.field.stepVariant" })}
        value={step.variant}
        placeholder={intl.formatMessage({ id: "flows.field.choose" })}
        options={STEP_VARIANTS.map((v) => ({ value: v, label: intl.formatMessage({ id: `flows.variant.${v}` }) }))}
        onChange={(variant) => props.onChange({ variant: variant as FlowStep["variant"] })}
        error={error("variant")}
        data-testid="step-variant"
      />
      {isEntry && (
        <SelectField label={intl.formatMessage({ id: "flows.field.table" })} value={step.table ?? ""} placeholder={intl.formatMessage({ id: "flows.field.choose" })} options={props.tables.map((t) => ({ value: t, label: t }))} onChange={(table) => props.onChange({ table })} error={error("table")} required data-testid="step-table" />
      )}
      {(step.variant === "updateEntry" || step.variant === "deleteEntry") && (
        <ReferenceField references={references} label={intl.formatMessage({ id: "flows.field.entryId" })} value={step.entryId ?? ""} onChange={(entryId) => props.onChange({ entryId })} error={error("entryId")} required />
      )}
      {(step.variant === "createEntry" || step.variant === "updateEntry" || step.variant === "callFunction") && (
        <FieldsText key={step.id} references={references} fields={step.fields} onChange={(fields) => props.onChange({ fields })} />
      )}
      {step.variant === "sendEmail" && (
        <>
          <ReferenceField references={references} label={intl.formatMessage({ id: "flows.field.to" })} value={step.to ?? ""} onChange={(to) => props.onChange({ to })} error={error("to")} required />
          <ReferenceField references={references} label={intl.formatMessage({ id: "flows.field.subject" })} value={step.subject ?? ""} onChange={(subject) => props.onChange({ subject })} error={error("subject")} required />
          <ReferenceField multiline references={references} label={intl.formatMessage({ id: "flows.field.body" })} value={step.body ?? ""} onChange={(body) => props.onChange({ body })} />
        </>
      )}
      {step.variant === "condition" && (
        <>
          <ReferenceField references={references} label={intl.formatMessage({ id: "flows.field.left" })} value={step.left ?? ""} onChange={(left) => props.onChange({ left })} error={error("left")} required />
          <SelectField label={intl.formatMessage({ id: "flows.field.operator" })} value={step.operator ?? ""} placeholder={intl.formatMessage({ id: "flows.field.choose" })} options={CONDITION_OPERATORS.map((o) => ({ value: o, label: intl.formatMessage({ id: `flows.operator.${o}` }) }))} onChange={(operator) => props.onChange({ operator: operator as FlowStep["operator"] })} error={error("operator")} />
          <ReferenceField references={references} label={intl.formatMessage({ id: "flows.field.right" })} value={step.right ?? ""} onChange={(right) => props.onChange({ right })} />
        </>
      )}
      {step.variant === "delay" && (
        <TextField label={intl.formatMessage({ id: "flows.field.seconds" })} type="number" min={1} value={String(step.seconds ?? "")} onChange={(text) => props.onChange({ seconds: text === "" ? undefined : Math.trunc(Number(text)) })} error={error("seconds")} required />
      )}
      {step.variant === "callFunction" && (
        <TextField label={intl.formatMessage({ id: "flows.field.functionKey" })} value={step.functionKey ?? ""} onChange={(functionKey) => props.onChange({ functionKey })} error={error("functionKey")} required />
      )}
      {step.variant === "httpRequest" && (
        <>
          <SelectField label={intl.formatMessage({ id: "flows.field.method" })} value={step.method ?? "GET"} options={HTTP_METHODS.map((m) => ({ value: m, label: m }))} onChange={(method) => props.onChange({ method: method as FlowStep["method"] })} data-testid="step-method" />
          <ReferenceField references={references} label={intl.formatMessage({ id: "flows.field.url" })} value={step.url ?? ""} onChange={(url) => props.onChange({ url })} error={error("url")} hint={intl.formatMessage({ id: "flows.field.url.hint" })} required data-testid="step-url" />
          <FieldsText key={`${step.id}-headers`} references={references} label={intl.formatMessage({ id: "flows.field.headers" })} fields={step.headers} onChange={(headers) => props.onChange({ headers })} testId="step-headers" />
          <ReferenceField multiline references={references} label={intl.formatMessage({ id: "flows.field.requestBody" })} value={step.body ?? ""} onChange={(body) => props.onChange({ body })} data-testid="step-body" />
        </>
      )}
      {isRetryable(step) && (
        <TextField label={intl.formatMessage({ id: "flows.field.retries" })} type="number" min={0} max={STEP_RETRIES_MAX} value={String(step.retries ?? 0)} onChange={(text) => props.onChange({ retries: text === "" ? undefined : Math.min(STEP_RETRIES_MAX, Math.max(0, Math.trunc(Number(text)) || 0)) })} error={error("retries")} data-testid="step-retries" />
      )}
      {step.variant === "loop" && (
        <>
          <ReferenceField references={references} label={intl.formatMessage({ id: "flows.field.items" })} value={step.items ?? ""} onChange={(items) => props.onChange({ items })} error={error("items")} hint={intl.formatMessage({ id: "flows.field.items.hint" })} required data-testid="step-items" />
          <SelectField label={intl.formatMessage({ id: "flows.field.loopStep" })} value={step.loopStep ?? ""} options={[{ value: "", label: none }, ...others]} onChange={(loopStep) => props.onChange({ loopStep: loopStep || null })} error={error("loopStep")} data-testid="step-loop-step" />
        </>
      )}
      <SelectField label={intl.formatMessage({ id: step.variant === "condition" ? "flows.field.then" : step.variant === "loop" ? "flows.field.afterLoop" : "flows.field.next" })} value={step.next ?? ""} options={[{ value: "", label: none }, ...others]} onChange={(next) => props.onChange({ next: next || null })} error={error("next")} data-testid="step-next" />
      {step.variant === "condition" && (
        <SelectField label={intl.formatMessage({ id: "flows.field.else" })} value={step.else ?? ""} options={[{ value: "", label: none }, ...others]} onChange={(target) => props.onChange({ else: target || null })} error={error("else")} />
      )}
      {error("reference") && (
        <div className="field-error" role="alert">
          {error("reference")}
        </div>
      )}
      <div className="flow-panel-actions">
        {schema.startStep !== step.id && (
          <Button onClick={props.onStart}>
            <FormattedMessage id="flows.node.makeStart" />
          </Button>
        )}
        <Button variant="danger" onClick={props.onDelete}>
          <FormattedMessage id="flows.node.delete" />
        </Button>
      </div>
    </fieldset>
  );
}
