import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  RESOLVER_TYPES,
  RUNTIMES,
  removeResolver,
  toggleResolverType,
  updateResolver,
  type ObjectType,
  type Resolver,
  type ResolverPatch,
} from "../../domain/model";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { useModelEditing } from "../ModelEditingContext";
import { ProblemText } from "../ProblemText";
import { problemAt } from "../problems";

/**
 * One trigger: name (at least 3 characters), the cloud function it runs (by its file name, kept
 * in `archive`), variant (before or after), runtime and the
 * operation types, one by one or All; the last checked type cannot be unchecked (spec §4).
 */
export function TriggerEditor(props: {
  objectType: ObjectType;
  resolver: Resolver;
  path: (string | number)[];
  editable: boolean;
  autoFocus: boolean;
}) {
  const intl = useIntl();
  const id = useId();
  const { change, problems } = useModelEditing();
  const { resolver } = props;
  const update = (patch: ResolverPatch) =>
    change((model) => updateResolver(model, props.objectType.id, resolver.id, patch));
  const toggle = (toggled: Resolver["types"][number] | "all") => update({ types: toggleResolverType(resolver, toggled).types });
  const nameProblem = problemAt(problems, [...props.path, "name"]);
  const typesProblem = problemAt(problems, [...props.path, "types"]);
  const all = resolver.types.length === RESOLVER_TYPES.length;

  return (
    <fieldset className="model-trigger" disabled={!props.editable} data-testid="trigger">
      <legend>{resolver.name || intl.formatMessage({ id: "model.unnamed" })}</legend>
      <TextField
        label={<FormattedMessage id="model.triggers.name" />}
        value={resolver.name}
        onChange={(name) => update({ name })}
        error={nameProblem && <ProblemText problem={nameProblem} />}
        autoFocus={props.autoFocus}
        autoComplete="off"
        data-testid="trigger-name"
      />
      <TextField
        label={<FormattedMessage id="model.triggers.function" />}
        value={resolver.archive ?? ""}
        onChange={(archive) => update({ archive: archive.trim() ? archive : null })}
        autoComplete="off"
        data-testid="trigger-function"
      />
      <div className="model-inline-form">
        <div className="field">
          <label htmlFor={`${id}-step`}>
            <FormattedMessage id="model.triggers.variant" />
          </label>
          <select
            id={`${id}-step`}
            value={resolver.step}
            onChange={(event) => update({ step: event.target.value as Resolver["step"] })}
            data-testid="trigger-step"
          >
            <option value="before">{intl.formatMessage({ id: "model.triggers.step.before" })}</option>
            <option value="after">{intl.formatMessage({ id: "model.triggers.step.after" })}</option>
          </select>
        </div>
        <div className="field">
          <span className="model-static-label">
            <FormattedMessage id="model.triggers.table" />
          </span>
          <span data-testid="trigger-table">{props.objectType.name}</span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-runtime`}>
            <FormattedMessage id="model.triggers.runtime" />
          </label>
          <select
            id={`${id}-runtime`}
            value={resolver.runtime}
            onChange={(event) => update({ runtime: event.target.value as Resolver["runtime"] })}
            data-testid="trigger-runtime"
          >
            {RUNTIMES.map((runtime) => (
              <option key={runtime} value={runtime}>
                {intl.formatMessage({ id: `model.triggers.runtime.${runtime}` })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="model-flags" role="group" aria-label={intl.formatMessage({ id: "model.triggers.types" })} aria-describedby={typesProblem ? `${id}-types-error` : undefined}>
        <label className="model-flag">
          <input type="checkbox" checked={all} disabled={all} onChange={() => toggle("all")} data-testid="trigger-type-all" />
          <FormattedMessage id="model.triggers.type.all" />
        </label>
        {RESOLVER_TYPES.map((resolverType) => {
          const checked = resolver.types.includes(resolverType);
          return (
            <label key={resolverType} className="model-flag">
              <input
                type="checkbox"
                checked={checked}
                // The last remaining type cannot be unchecked.
                disabled={checked && resolver.types.length === 1}
                onChange={() => toggle(resolverType)}
                data-testid={`trigger-type-${resolverType}`}
              />
              <FormattedMessage id={`model.triggers.type.${resolverType}`} />
            </label>
          );
        })}
      </div>
      {typesProblem && (
        <div id={`${id}-types-error`} className="field-error">
          <ProblemText problem={typesProblem} />
        </div>
      )}
      {props.editable && (
        <Button
          variant="link"
          onClick={() => change((model) => removeResolver(model, props.objectType.id, resolver.id))}
          data-testid="remove-trigger"
        >
          <FormattedMessage id="model.triggers.remove" />
        </Button>
      )}
    </fieldset>
  );
}
