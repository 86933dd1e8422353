import { graphql, useFragment } from "react-relay/hooks";
import { useIntl } from "react-intl";
import { connectionCardFields } from "../../domain/records";
import type { ConnectionCard_entry$key } from "../../__generated__/ConnectionCard_entry.graphql";
import { cardValueText } from "./cardValueText";

/** A related record as a card (spec §2: at most 5 non-empty fields); a click opens it. */
export function ConnectionCard(props: { entry: ConnectionCard_entry$key; onOpen(id: string, table: string): void; actionMessageId?: string }) {
  const intl = useIntl();
  const entry = useFragment(
    graphql`
      fragment ConnectionCard_entry on Type {
        id
        ofType
        fields
      }
    `,
    props.entry,
  );
  let values: Record<string, unknown> = {};
  try {
    values = JSON.parse(entry.fields);
  } catch {
    // A record whose values cannot be read still opens; its card shows only its id.
  }
  const fields = connectionCardFields(values);
  return (
    <button
      type="button"
      className="connection-card"
      onClick={() => props.onOpen(entry.id, entry.ofType)}
      data-testid="connection-card"
    >
      {/* What a click does, for assistive tech; the name still contains the visible fields. */}
      <span className="visually-hidden">{intl.formatMessage({ id: props.actionMessageId ?? "data.record.openConnection" }, { table: entry.ofType })}</span>
      <dl>
        {fields.length === 0 ? (
          <>
            <dt>id</dt>
            <dd>{entry.id}</dd>
          </>
        ) : (
          fields.map(([name, value]) => (
            <div key={name} className="connection-card-field">
              <dt>{name}</dt>
              <dd>{cardValueText(value)}</dd>
            </div>
          ))
        )}
      </dl>
    </button>
  );
}
