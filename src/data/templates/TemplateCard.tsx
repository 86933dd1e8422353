import { useMemo } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type { TemplateCard_template$key } from "../../__generated__/TemplateCard_template.graphql";
import { parseModel } from "../../domain/model/parse";

/** One template: name, a pill per table and the description; choosing it is a radio button. */
export function TemplateCard(props: { template: TemplateCard_template$key; checked: boolean; onChoose(id: string): void }) {
  const template = useFragment(
    graphql`
      fragment TemplateCard_template on SchemaTemplate {
        id
        name
        description
        schema
      }
    `,
    props.template,
  );
  const tables = useMemo(() => {
    const parsed = parseModel(template.schema);
    return "model" in parsed ? parsed.model.objectTypes.map((type) => type.name) : [];
  }, [template.schema]);
  return (
    <label className="template-card" data-checked={props.checked} data-testid="template-card">
      <input
        type="radio"
        name="template"
        className="visually-hidden"
        checked={props.checked}
        onChange={() => props.onChoose(template.id)}
      />
      <span className="template-card-name" data-testid="template-name">
        {template.name}
      </span>
      <span className="template-card-pills">
        {tables.map((name) => (
          <span key={name} className="template-pill" data-testid="template-pill">
            {name}
          </span>
        ))}
      </span>
      <span className="template-card-description">{template.description}</span>
    </label>
  );
}
