import { Suspense, useEffect, useState } from "react";
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import type { ObjectType } from "../../domain/model";
import { CHILD_COUNT_CAP, CHILD_PAGE_SIZE, childPageButtons, type ChildConnection } from "../../domain/records";
import { errorText } from "../../common/ErrorMessage";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { ConnectionCard } from "./ConnectionCard";
import { RecordPicker } from "./RecordPicker";
import { useLinkRecord } from "./useLinkRecord";
import type { ChildConnectionListQuery } from "../../__generated__/ChildConnectionListQuery.graphql";

const childrenQuery = graphql`
  query ChildConnectionListQuery($ofType: String!, $parentType: String!, $parentId: ID!, $parentKey: ParentKey!, $limit: Int!, $nextToken: String) {
    # Asked with every page, so a link, an unlink or a new child shows in the count too.
    count: countTypesByParentType(ofType: $ofType, parentType: $parentType, parentId: $parentId, parentKey: $parentKey)
    listTypesByParentType(ofType: $ofType, parentType: $parentType, parentId: $parentId, parentKey: $parentKey, limit: $limit, nextToken: $nextToken) {
      nextToken
      items {
        id
        fields
        ...ConnectionCard_entry
      }
    }
  }
`;

/**
 * The records that belong to this one (a "has many" connection), five per page with at most
 * three page buttons (spec §9), each opening on a click; add a new one (its link prefilled),
 * link an existing one, or unlink one.
 */
export function ChildConnectionList(props: {
  connection: ChildConnection;
  parent: { id: string; table: ObjectType };
  canEdit: boolean;
  onOpen(id: string, table: string): void;
  onAdd(): void;
}) {
  const intl = useIntl();
  const child = props.connection.child;
  const [queryRef, load] = useQueryLoader<ChildConnectionListQuery>(childrenQuery);
  // tokens[n] starts page n + 1; a page that answers with a nextToken makes the next one known.
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState(1);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [link, linking] = useLinkRecord();

  const loadPage = (fetchPolicy: "store-and-network" | "network-only" = "store-and-network") =>
    load(
      {
        ofType: child.name,
        parentType: props.parent.table.name,
        parentId: props.parent.id,
        parentKey: props.connection.slot === "first" ? "FIRST" : "SECOND",
        limit: CHILD_PAGE_SIZE,
        nextToken: tokens[page - 1] ?? null,
      },
      { fetchPolicy },
    );
  useEffect(() => loadPage(), [page, props.parent.id, child.name]);

  const setLink = async (entry: { id: string; fields: string }, parentId: string | null) => {
    setError(null);
    try {
      await link({ id: entry.id, table: child, fields: entry.fields }, props.connection.link, parentId);
      setPicking(false);
      loadPage("network-only");
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <section className="record-section" data-testid={`children-${child.name}`}>
      <Suspense
        fallback={
          <>
            <ChildrenHeading table={child.name} count={null} />
            <Spinner />
          </>
        }
      >
        {queryRef && (
          <ChildPage
            table={child.name}
            queryRef={queryRef}
            page={page}
            lastKnown={tokens.length}
            busy={linking}
            onOpen={props.onOpen}
            onUnlink={props.canEdit ? (entry) => void setLink(entry, null) : undefined}
            onNextToken={(token) => setTokens((current) => (current.length > page ? current : [...current, token]))}
            onPage={setPage}
          />
        )}
      </Suspense>
      {error != null && <Alert variant="danger">{errorText(intl, error)}</Alert>}
      {picking ? (
        <RecordPicker table={child} onPick={(entry) => void setLink(entry, props.parent.id)} onCancel={() => setPicking(false)} />
      ) : (
        props.canEdit && (
          <div className="record-actions">
            <Button onClick={props.onAdd} data-testid={`record-add-${child.name}`}>
              <FormattedMessage id="data.record.addChild" values={{ table: child.name }} />
            </Button>
            <Button onClick={() => setPicking(true)} data-testid={`record-link-${child.name}`}>
              <FormattedMessage id="data.record.link" values={{ table: child.name }} />
            </Button>
          </div>
        )
      )}
    </section>
  );
}

/** The has-many list's heading: the child table and, once known, how many entries it holds here. */
function ChildrenHeading(props: { table: string; count: number | null }) {
  if (props.count === null) {
    return (
      <h3>
        <FormattedMessage id="data.record.hasMany" values={{ table: props.table }} />
      </h3>
    );
  }
  const capped = props.count > CHILD_COUNT_CAP;
  return (
    <h3 data-testid="children-heading">
      <FormattedMessage id={capped ? "data.record.hasManyCountMore" : "data.record.hasManyCount"} values={{ table: props.table, count: capped ? CHILD_COUNT_CAP : props.count }} />
    </h3>
  );
}

function ChildPage(props: {
  table: string;
  queryRef: PreloadedQuery<ChildConnectionListQuery>;
  page: number;
  lastKnown: number;
  busy: boolean;
  onOpen(id: string, table: string): void;
  onUnlink?(entry: { id: string; fields: string }): void;
  onNextToken(token: string): void;
  onPage(page: number): void;
}) {
  const intl = useIntl();
  const data = usePreloadedQuery<ChildConnectionListQuery>(childrenQuery, props.queryRef);
  const { items, nextToken } = data.listTypesByParentType;
  useEffect(() => {
    if (nextToken) props.onNextToken(nextToken);
  }, [nextToken]);
  const lastKnown = Math.max(props.lastKnown, nextToken ? props.page + 1 : props.page);
  const pages = childPageButtons(props.page, lastKnown);
  return (
    <>
      <ChildrenHeading table={props.table} count={data.count} />
      {items.length === 0 && (
        <p className="field-hint" data-testid="children-empty">
          <FormattedMessage id="data.record.noChildren" />
        </p>
      )}
      {items.map((item) => (
        <div key={item.id} className="connection-row">
          <ConnectionCard entry={item} onOpen={props.onOpen} />
          {props.onUnlink && (
            <Button onClick={() => props.onUnlink?.(item)} busy={props.busy} data-testid="record-unlink">
              <FormattedMessage id="data.record.unlink" />
            </Button>
          )}
        </div>
      ))}
      {pages.length > 1 && (
        <nav className="connection-pages" aria-label={intl.formatMessage({ id: "common.pagination" })}>
          {pages.map((page) => (
            <Button key={page} onClick={() => props.onPage(page)} aria-current={page === props.page ? "page" : undefined}>
              {String(page)}
            </Button>
          ))}
        </nav>
      )}
    </>
  );
}
