import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { addEnumValue, fieldsUsingEnum, removeEnum, sanitizeName, updateEnum, type EnumType } from "../../domain/model";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { useModelEditing } from "../ModelEditingContext";
import { ProblemText } from "../ProblemText";
import { problemAt, typeNameProblem } from "../problems";
import { RemoveEnumDialog } from "./RemoveEnumDialog";

/** Spec §4: enum name changes are debounced by 300 ms. */
export const ENUM_NAME_DEBOUNCE_MS = 300;

/** One enum: its name (at most 64, unique) and its values (trimmed, at most 64, unique, no leading digit). */
export function EnumEditor(props: { enumId: string; editable: boolean; onRemoved(): void }) {
  const intl = useIntl();
  const { model, change, problems } = useModelEditing();
  const index = model.enumTypes.findIndex((enumType) => enumType.id === props.enumId);
  const enumType = model.enumTypes[index];
  const name = useDebouncedName(enumType, (next) => change((current) => updateEnum(current, props.enumId, { name: next })));
  const [addedValue, setAddedValue] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  if (!enumType) return null;
  const path = ["enumTypes", index];
  // While a name change waits for its debounce, the model's (old) name is not what the input shows.
  const nameProblem = name.pending ? undefined : typeNameProblem(problems, model, [...path, "name"]);
  const valuesProblem = problemAt(problems, [...path, "values"]);
  const last = enumType.values.at(-1);

  const remove = () => {
    change((current) => removeEnum(current, props.enumId));
    props.onRemoved();
  };
  const usedBy = fieldsUsingEnum(model, props.enumId);

  const setValues = (values: EnumType["values"]) => change((current) => updateEnum(current, props.enumId, { values }));
  const setValue = (at: number, value: string) =>
    setValues(enumType.values.map((entry, position) => (position === at ? { ...entry, name: value } : entry)));

  return (
    <fieldset className="model-editor model-enum" disabled={!props.editable} data-testid="enum-editor">
      <div className="model-editor-head">
        <TextField
          label={<FormattedMessage id="model.enums.name" />}
          value={name.value}
          onChange={(value) => name.set(sanitizeName(value))}
          error={nameProblem && <ProblemText problem={nameProblem} />}
          autoFocus={!enumType.name}
          autoComplete="off"
          data-testid="enum-name"
        />
        {props.editable && (
          <div className="model-editor-actions">
            <Button
              variant="danger"
              // Fields typed with the enum are dropped on save: ask first, naming them.
              onClick={() => (usedBy.length > 0 ? setConfirmingRemove(true) : remove())}
              data-testid="remove-enum"
            >
              <FormattedMessage id="model.enums.remove" />
            </Button>
            {confirmingRemove && (
              <RemoveEnumDialog
                enumName={enumType.name}
                fields={usedBy}
                onConfirm={remove}
                onCancel={() => setConfirmingRemove(false)}
              />
            )}
          </div>
        )}
      </div>
      <h2>
        <FormattedMessage id="model.enums.values" />
      </h2>
      <ol className="model-enum-values" data-testid="enum-values">
        {enumType.values.map((value, position) => {
          const problem = problemAt(problems, [...path, "values", position, "name"]);
          const errorId = `${props.enumId}-value-${position}-error`;
          return (
            <li key={position} data-testid="enum-value">
              <input
                value={value.name}
                autoFocus={addedValue && position === enumType.values.length - 1}
                autoComplete="off"
                aria-label={intl.formatMessage({ id: "model.enums.valueOf" }, { position: position + 1 })}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? errorId : undefined}
                onChange={(event) => setValue(position, event.target.value)}
                // Values are stored trimmed (spec §5).
                onBlur={() => value.name !== value.name.trim() && setValue(position, value.name.trim())}
                data-testid="enum-value-input"
              />
              {props.editable && (
                <button
                  type="button"
                  className="btn btn-link"
                  aria-label={intl.formatMessage({ id: "model.enums.removeValueOf" }, { value: value.name })}
                  onClick={() => setValues(enumType.values.filter((_, other) => other !== position))}
                  data-testid="remove-enum-value"
                >
                  <FormattedMessage id="model.enums.removeValue" />
                </button>
              )}
              {problem && (
                <div id={errorId} className="field-error" data-testid="enum-value-error">
                  <ProblemText problem={problem} />
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {valuesProblem && (
        <div className="field-error" data-testid="enum-values-error">
          <ProblemText problem={valuesProblem} />
        </div>
      )}
      {props.editable && (
        // A new value only when the last one is non-empty (spec §5).
        <Button
          onClick={() => {
            change((current) => addEnumValue(current, props.enumId));
            setAddedValue(true);
          }}
          disabled={Boolean(last && !last.name.trim())}
          data-testid="add-enum-value"
        >
          <FormattedMessage id="model.enums.addValue" />
        </Button>
      )}
    </fieldset>
  );
}

/**
 * The name as typed, reaching the model 300 ms after the last keystroke. A pending change is
 * applied at once when the editor closes, so switching enums loses nothing.
 */
function useDebouncedName(enumType: EnumType | undefined, apply: (name: string) => void) {
  const [pending, setPending] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const flush = useRef<() => void>(() => {});
  flush.current = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (pending !== null) apply(pending);
  };
  useEffect(() => () => flush.current(), []);
  // Once the model holds the typed name, the input shows the model again (also after Cancel).
  useEffect(() => {
    if (timer.current === undefined && pending !== null && pending === enumType?.name) setPending(null);
  }, [enumType?.name, pending]);
  return {
    value: pending ?? enumType?.name ?? "",
    pending: pending !== null && pending !== enumType?.name,
    set(next: string) {
      setPending(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        apply(next);
      }, ENUM_NAME_DEBOUNCE_MS);
    },
  };
}
