import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import type { ObjectType } from "../../domain/model";
import { connectionCardFields, recordLabel } from "../../domain/records";
import { PICKER_PAGE_SIZE, recordSearchFilter } from "../../domain/recordSearch";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { cardValueText } from "./cardValueText";
import type { RecordPickerQuery } from "../../__generated__/RecordPickerQuery.graphql";

const pickerQuery = graphql`
  query RecordPickerQuery($ofType: String!, $limit: Int!, $nextToken: String, $filter: String) {
    listTypes(ofType: $ofType, limit: $limit, nextToken: $nextToken, filter: $filter) {
      nextToken
      items {
        id
        fields
      }
    }
  }
`;

/** Typing pauses this long before the endpoint is asked, so a word is one request, not one per letter. */
const SEARCH_DELAY_MS = 250;

type Entry = { id: string; fields: string };

/**
 * Choosing an entry of a table to link: a search box over the table's readable fields (filtered
 * by the endpoint, so 2,000 dogs are as quick as five) and the matches as a listbox — the
 * WAI-ARIA combobox pattern: arrows move through the matches, Enter links the active one,
 * Escape cancels. Each match reads as its label (name, title…), not its id.
 */
export function RecordPicker(props: { table: ObjectType; onPick(entry: Entry): void; onCancel(): void }) {
  const intl = useIntl();
  const listId = useId();
  const [queryRef, load] = useQueryLoader<RecordPickerQuery>(pickerQuery);
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<string | undefined>(undefined);
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [active, setActive] = useState(0);
  const shown = useRef<readonly Entry[]>([]);
  const page = tokens.length - 1;

  useEffect(() => {
    const timer = setTimeout(() => {
      const next = recordSearchFilter(props.table, search);
      if (next === filter) return;
      setFilter(next);
      setTokens([null]);
      setActive(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, props.table]);
  useEffect(() => {
    load({ ofType: props.table.name, limit: PICKER_PAGE_SIZE, nextToken: tokens[page], filter: filter ?? null }, { fetchPolicy: "network-only" });
  }, [props.table.name, page, filter]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = shown.current.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (count > 0) setActive((current) => (current + (event.key === "ArrowDown" ? 1 : count - 1)) % count);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const entry = shown.current[active];
      if (entry) props.onPick(entry);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      props.onCancel();
    }
  };

  return (
    <div className="record-picker" data-testid="record-picker">
      <input
        type="search"
        role="combobox"
        className="record-picker-search"
        value={search}
        autoFocus
        autoComplete="off"
        aria-label={intl.formatMessage({ id: "data.record.pickerSearch" }, { table: props.table.name })}
        placeholder={intl.formatMessage({ id: "data.record.pickerSearchPlaceholder" })}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown.current[active] ? `${listId}-${active}` : undefined}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="record-picker-search"
      />
      <Suspense fallback={<Spinner />}>
        {queryRef && (
          <PickerPage
            queryRef={queryRef}
            listId={listId}
            table={props.table.name}
            active={active}
            searching={Boolean(filter)}
            onShown={(entries) => {
              shown.current = entries;
              setActive((current) => Math.min(current, Math.max(entries.length - 1, 0)));
            }}
            onPick={props.onPick}
            onNext={(token) => {
              setTokens((current) => [...current, token]);
              setActive(0);
            }}
            onPrevious={
              page > 0
                ? () => {
                    setTokens((current) => current.slice(0, -1));
                    setActive(0);
                  }
                : undefined
            }
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
  listId: string;
  table: string;
  active: number;
  searching: boolean;
  onShown(entries: readonly Entry[]): void;
  onPick(entry: Entry): void;
  onNext(token: string): void;
  onPrevious?(): void;
}) {
  const intl = useIntl();
  const data = usePreloadedQuery<RecordPickerQuery>(pickerQuery, props.queryRef);
  const { items, nextToken } = data.listTypes;
  useEffect(() => props.onShown(items), [items]);
  return (
    <>
      {items.length === 0 && (
        <p className="field-hint" data-testid="record-picker-empty">
          <FormattedMessage id={props.searching ? "data.record.pickerNoMatch" : "data.record.pickerEmpty"} />
        </p>
      )}
      <ul id={props.listId} role="listbox" className="record-picker-options" aria-label={intl.formatMessage({ id: "data.record.link" }, { table: props.table })}>
        {items.map((item, index) => (
          <PickerOption key={item.id} id={`${props.listId}-${index}`} entry={item} active={index === props.active} onPick={() => props.onPick(item)} />
        ))}
      </ul>
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

/** One match: its label first, then a few of its other values to tell look-alikes apart. */
function PickerOption(props: { id: string; entry: Entry; active: boolean; onPick(): void }) {
  let values: Record<string, unknown> = {};
  try {
    values = JSON.parse(props.entry.fields);
  } catch {
    // Unreadable values: the id names the entry.
  }
  const label = recordLabel(values) ?? props.entry.id;
  const details = connectionCardFields(values)
    .map(([, value]) => cardValueText(value))
    .filter((text) => text && text !== label)
    .slice(0, 2);
  return (
    <li
      id={props.id}
      role="option"
      aria-selected={props.active}
      className="record-picker-option"
      // The search box keeps focus; a click picks without moving it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={props.onPick}
      data-testid="picker-option"
    >
      <span className="record-picker-label">{label}</span>
      {details.length > 0 && <span className="record-picker-details">{details.join(" · ")}</span>}
    </li>
  );
}
