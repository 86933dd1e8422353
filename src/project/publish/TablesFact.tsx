import { FormattedMessage } from "react-intl";
import { parseModel } from "../../domain/model/parse";

/** The tables a declaration holds, as one term of a `publish-facts` list (overview, republish). */
export function TablesFact(props: { schema: string; testId: string }) {
  const parsed = parseModel(props.schema);
  const tables = "model" in parsed ? parsed.model.objectTypes.map((objectType) => objectType.name) : [];
  return (
    <>
      <dt>
        <FormattedMessage id="publish.overview.tables" values={{ count: tables.length }} />
      </dt>
      <dd>
        <ul className="publish-tables" data-testid={props.testId}>
          {tables.map((table) => (
            <li key={table}>{table}</li>
          ))}
        </ul>
      </dd>
    </>
  );
}
