import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { PUBLISHING_TYPES, togglePublishingType, type ObjectType, type PublishingType, type SchemaModel } from "../../domain/model";
import { replaceObjectType } from "../modelEdits";
import { ModelDialog } from "./ModelDialog";
import { useModelSave } from "./useModelSave";

const OPTIONS = ["all", ...PUBLISHING_TYPES] as const;

/**
 * Which operation groups the table publishes (spec §4): all (the default) or a list of
 * queries, mutations and subscriptions; turning mutations off also removes subscriptions.
 */
export function TablePublishingDialog(props: {
  model: SchemaModel;
  table: ObjectType;
  save(model: SchemaModel): Promise<void>;
  onClose(): void;
}) {
  const [publishing, setPublishing] = useState<PublishingType[] | null>(props.table.publishingTypes ?? null);
  const { run, busy, error } = useModelSave(props.save, props.onClose);
  const checked = (option: (typeof OPTIONS)[number]) =>
    publishing === null || (option !== "all" && publishing.includes(option));
  const initial = JSON.stringify(props.table.publishingTypes ?? null);
  return (
    <ModelDialog
      titleId="data.publishing.title"
      titleValues={{ table: props.table.name }}
      testId="table-publishing-dialog"
      onClose={props.onClose}
      onSubmit={() => void run(replaceObjectType(props.model, { ...props.table, publishingTypes: publishing }))}
      submitDisabled={JSON.stringify(publishing) === initial}
      busy={busy}
      error={error}
    >
      <p className="field-hint">
        <FormattedMessage id="data.publishing.text" />
      </p>
      <fieldset className="field-flags">
        <legend className="visually-hidden">
          <FormattedMessage id="data.publishing.title" values={{ table: props.table.name }} />
        </legend>
        {OPTIONS.map((option) => (
          <label key={option} className="checkbox">
            <input
              type="checkbox"
              checked={checked(option)}
              onChange={() => setPublishing((current) => togglePublishingType(current, option))}
              data-testid={`publishing-${option}`}
            />
            <span>
              <FormattedMessage id={`data.publishing.${option}`} />
            </span>
          </label>
        ))}
      </fieldset>
    </ModelDialog>
  );
}
