import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  REQUIRED_FLAGS,
  addField,
  requiredFlags,
  sanitizeName,
  toggleRequired,
  updateField,
  type Field,
  type ObjectType,
  type SchemaModel,
} from "../../domain/model";
import { nextNumberedName } from "../../domain/model/names";
import { TextField } from "../../ui/TextField";
import { errorText } from "../../common/ErrorMessage";
import { problemError, problemsAt } from "../../data/useProjectModel";
import { FieldTypeSelect, type FieldTypePatch } from "../FieldTypeSelect";
import { ModelDialog } from "./ModelDialog";
import { useModelSave } from "./useModelSave";

const hasUnique = (field: Field) => field.directives.some((directive) => directive.name === "unique");

/** What the dialog edits: name, type (or the enum), required flags, unique and label. */
function patchOf(draft: Field) {
  return { name: draft.name, type: draft.type, typeId: draft.typeId ?? null, directives: draft.directives, label: draft.label || null };
}

/**
 * Adds a field to a table or edits one (spec §5: newFieldN of type String by default). Read-only
 * fields keep name, type and required flags; only their label changes.
 */
export function FieldDialog(props: {
  model: SchemaModel;
  table: ObjectType;
  field?: Field;
  save(model: SchemaModel): Promise<void>;
  onClose(): void;
}) {
  const intl = useIntl();
  const typeSelectId = useId();
  const [draft, setDraft] = useState<Field>(
    () =>
      props.field ?? {
        id: "draft",
        name: nextNumberedName("newField", props.table.fields.map((field) => field.name)),
        type: "String",
        directives: [],
      },
  );
  const readonly = draft.readonly === true;
  const typeIndex = props.model.objectTypes.findIndex((type) => type.id === props.table.id);
  const fieldIndex = props.field ? props.table.fields.findIndex((field) => field.id === props.field!.id) : props.table.fields.length;
  const next = props.field
    ? updateField(props.model, props.table.id, props.field.id, patchOf(draft))
    : addField(props.model, props.table.id, patchOf(draft)).model;
  const problems = problemsAt(next, ["objectTypes", typeIndex, "fields", fieldIndex]);
  const problemFor = (key: string) => {
    const problem = problems.find((candidate) => candidate.path[4] === key);
    return problem ? errorText(intl, problemError(problem)) : undefined;
  };
  const { run, busy, error } = useModelSave(props.save, props.onClose);

  const onType = (patch: FieldTypePatch) => setDraft((current) => ({ ...current, ...patch }));
  const typeError = problemFor("typeId") ?? problemFor("type");
  const flags = requiredFlags(draft);

  return (
    <ModelDialog
      titleId={props.field ? "data.field.editTitle" : "data.field.addTitle"}
      titleValues={{ table: props.table.name }}
      testId="field-dialog"
      onClose={props.onClose}
      onSubmit={() => void run(next)}
      submitDisabled={problems.length > 0}
      busy={busy}
      error={error}
    >
      <TextField
        label={intl.formatMessage({ id: "data.field.name" })}
        value={draft.name}
        onChange={(value) => setDraft((current) => ({ ...current, name: sanitizeName(value) }))}
        disabled={readonly}
        autoFocus={!readonly}
        error={problemFor("name")}
        data-testid="field-name-input"
      />
      <div className="field">
        <label htmlFor={typeSelectId}>
          <FormattedMessage id="data.field.type" />
        </label>
        <FieldTypeSelect
          id={typeSelectId}
          field={draft}
          enums={props.model.enumTypes}
          onChange={onType}
          disabled={readonly}
          invalid={Boolean(typeError)}
          testId="field-type-select"
        />
        {typeError && (
          <div className="field-error" role="alert">
            {typeError}
          </div>
        )}
      </div>
      <fieldset className="field-flags" disabled={readonly}>
        <legend>
          <FormattedMessage id="data.field.required" />
        </legend>
        {REQUIRED_FLAGS.map((flag) => (
          <label key={flag} className="checkbox">
            <input
              type="checkbox"
              checked={flags[flag]}
              onChange={() => setDraft((current) => toggleRequired(current, flag))}
              data-testid={`field-${flag}`}
            />
            <span>
              <FormattedMessage id={`data.field.${flag}`} />
            </span>
          </label>
        ))}
        {problemFor("directives") && (
          <div className="field-error" role="alert">
            {problemFor("directives")}
          </div>
        )}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={hasUnique(draft)}
            onChange={() =>
              setDraft((current) => ({
                ...current,
                directives: hasUnique(current)
                  ? current.directives.filter((directive) => directive.name !== "unique")
                  : [...current.directives, { name: "unique" }],
              }))
            }
            data-testid="field-unique"
          />
          <span>
            <FormattedMessage id="data.field.unique" />
          </span>
        </label>
      </fieldset>
      <TextField
        label={intl.formatMessage({ id: "data.field.label" })}
        hint={intl.formatMessage({ id: "data.field.labelHint" })}
        value={draft.label ?? ""}
        onChange={(value) => setDraft((current) => ({ ...current, label: value }))}
        maxLength={255}
        data-testid="field-label-input"
      />
    </ModelDialog>
  );
}
