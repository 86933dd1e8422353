import { Suspense, useEffect, useState } from "react";
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import type { ObjectType } from "../../domain/model";
import type { ParentConnection as Connection } from "../../domain/records";
import { errorText } from "../../common/ErrorMessage";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { ConnectionCard } from "./ConnectionCard";
import { RecordPicker } from "./RecordPicker";
import { useLinkRecord } from "./useLinkRecord";
import type { ParentConnectionQuery } from "../../__generated__/ParentConnectionQuery.graphql";

const parentQuery = graphql`
  query ParentConnectionQuery($id: ID!, $ofType: String!) {
    type(id: $id, ofType: $ofType) {
      ...ConnectionCard_entry
    }
  }
`;

/**
 * The record this one belongs to (a "belongs to" connection): its card, which opens it, and
 * unlink; or, when there is none, link one chosen from the parent table.
 */
export function ParentConnection(props: {
  connection: Connection;
  record: { id: string; table: ObjectType; fields: string };
  parentId: string | null;
  canEdit: boolean;
  onOpen(id: string, table: string): void;
}) {
  const intl = useIntl();
  const [queryRef, load] = useQueryLoader<ParentConnectionQuery>(parentQuery);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [link, linking] = useLinkRecord();
  const parentName = props.connection.parent.name;
  useEffect(() => {
    if (props.parentId) load({ id: props.parentId, ofType: parentName }, { fetchPolicy: "store-and-network" });
  }, [props.parentId, parentName]);

  const setParent = async (parentId: string | null) => {
    setError(null);
    try {
      await link(props.record, props.connection.link, parentId);
      setPicking(false);
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <section className="record-section" data-testid={`parent-${parentName}`}>
      <h3>
        <FormattedMessage id="data.record.belongsTo" values={{ table: parentName }} />
      </h3>
      {error != null && <Alert variant="danger">{errorText(intl, error)}</Alert>}
      {props.parentId && queryRef ? (
        <div className="connection-row">
          <Suspense fallback={<Spinner />}>
            <ParentCard queryRef={queryRef} onOpen={props.onOpen} />
          </Suspense>
          {props.canEdit && (
            <Button onClick={() => void setParent(null)} busy={linking} data-testid="record-unlink">
              <FormattedMessage id="data.record.unlink" />
            </Button>
          )}
        </div>
      ) : picking ? (
        <RecordPicker table={props.connection.parent} onPick={(entry) => void setParent(entry.id)} onCancel={() => setPicking(false)} />
      ) : props.parentId || !props.canEdit ? null : (
        <Button onClick={() => setPicking(true)} data-testid="record-link">
          <FormattedMessage id="data.record.link" values={{ table: parentName }} />
        </Button>
      )}
    </section>
  );
}

function ParentCard(props: { queryRef: PreloadedQuery<ParentConnectionQuery>; onOpen(id: string, table: string): void }) {
  const data = usePreloadedQuery<ParentConnectionQuery>(parentQuery, props.queryRef);
  if (!data.type) {
    return (
      <p className="field-hint">
        <FormattedMessage id="data.record.notFound" />
      </p>
    );
  }
  return <ConnectionCard entry={data.type} onOpen={props.onOpen} />;
}
