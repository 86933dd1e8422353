import { Suspense, useEffect, useState } from "react";
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay";
import { FormattedMessage } from "react-intl";
import { CHILD_PAGE_SIZE } from "../../domain/records";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { ConnectionCard } from "./ConnectionCard";
import type { RecordPickerQuery } from "../../__generated__/RecordPickerQuery.graphql";

const pickerQuery = graphql`
  query RecordPickerQuery($ofType: String!, $limit: Int!, $nextToken: String) {
    listTypes(ofType: $ofType, limit: $limit, nextToken: $nextToken) {
      nextToken
      items {
        id
        fields
        ...ConnectionCard_entry
      }
    }
  }
`;

/** Choosing a record of a table to link, five at a time (the child-list page size of §9). */
export function RecordPicker(props: { table: string; onPick(entry: { id: string; fields: string }): void; onCancel(): void }) {
  const [queryRef, load] = useQueryLoader<RecordPickerQuery>(pickerQuery);
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const page = tokens.length - 1;
  useEffect(() => load({ ofType: props.table, limit: CHILD_PAGE_SIZE, nextToken: tokens[page] }, { fetchPolicy: "network-only" }), [props.table, page]);
  return (
    <div className="record-picker" data-testid="record-picker">
      <Suspense fallback={<Spinner />}>
        {queryRef && (
          <PickerPage
            queryRef={queryRef}
            onPick={props.onPick}
            onNext={(token) => setTokens((current) => [...current, token])}
            onPrevious={page > 0 ? () => setTokens((current) => current.slice(0, -1)) : undefined}
          />
        )}
      </Suspense>
      <Button variant="link" onClick={props.onCancel} data-testid="record-picker-cancel">
        <FormattedMessage id="data.record.cancel" />
      </Button>
    </div>
  );
}

function PickerPage(props: {
  queryRef: PreloadedQuery<RecordPickerQuery>;
  onPick(entry: { id: string; fields: string }): void;
  onNext(token: string): void;
  onPrevious?(): void;
}) {
  const data = usePreloadedQuery<RecordPickerQuery>(pickerQuery, props.queryRef);
  const { items, nextToken } = data.listTypes;
  return (
    <>
      {items.length === 0 && (
        <p className="field-hint">
          <FormattedMessage id="data.record.pickerEmpty" />
        </p>
      )}
      {items.map((item) => (
        <ConnectionCard key={item.id} entry={item} onOpen={() => props.onPick(item)} actionMessageId="data.record.pickConnection" />
      ))}
      <div className="connection-pages">
        {props.onPrevious && (
          <Button onClick={props.onPrevious}>
            <FormattedMessage id="common.pagination.previous" />
          </Button>
        )}
        {nextToken && (
          <Button onClick={() => props.onNext(nextToken)}>
            <FormattedMessage id="common.pagination.next" />
          </Button>
        )}
      </div>
    </>
  );
}
