import { FormattedMessage } from "react-intl";
import type { SchemaModel } from "../../domain/model";

/**
 * The tables a template or the AI start proposes: each with its own fields (not id, createdAt,
 * updatedAt) and the tables it has many of, so the user sees what they accept.
 */
export function ModelPreview(props: { model: SchemaModel }) {
  const names = new Map(props.model.objectTypes.map((table) => [table.id, table.name]));
  return (
    <ul className="model-preview" data-testid="replace-model-tables">
      {props.model.objectTypes.map((table) => {
        const fields = table.fields.filter((field) => !field.readonly).map((field) => field.name);
        const children = table.targets.map((target) => names.get(target.targetId)).filter(Boolean);
        return (
          <li key={table.id} data-testid="model-preview-table">
            <strong data-testid="model-preview-name">{table.name}</strong>
            {fields.length > 0 && <span className="field-hint" data-testid="model-preview-fields">{` — ${fields.join(", ")}`}</span>}
            {children.length > 0 && (
              <div className="field-hint" data-testid="model-preview-connections">
                <FormattedMessage id="data.templates.preview.hasMany" values={{ tables: children.join(", ") }} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
