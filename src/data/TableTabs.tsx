import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import type { ObjectType } from "../domain/model";
import { Tabs } from "../ui/Tabs";

/** The tabs' id prefix; the selected table's grid is the panel `panelId(TABLE_TABS_ID, table.id)`. */
export const TABLE_TABS_ID = "table";

/** Spec §9: overflow when the tabs exceed the container minus 150 px; 40 px per arrow click. */
const TAB_OVERFLOW_ALLOWANCE_PX = 150;
const TAB_SCROLL_STEP_PX = 40;
const TAB_RESIZE_DEBOUNCE_MS = 100;

/**
 * One tab per table (the shared ui/Tabs), with scroll arrows while the tabs
 * overflow. The strip scrolls the selected tab into view. `end` holds the add-table dropdown.
 */
export function TableTabs(props: {
  tables: readonly ObjectType[];
  selectedId: string | undefined;
  onSelect(table: ObjectType): void;
  end?: ReactNode;
}) {
  const intl = useIntl();
  const containerRef = useRef<HTMLDivElement>(null);
  const stripRef = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);

  const measure = useCallback(() => {
    const container = containerRef.current;
    const strip = stripRef.current;
    if (!container || !strip) return;
    setOverflowing(strip.scrollWidth > container.clientWidth - TAB_OVERFLOW_ALLOWANCE_PX);
  }, []);

  useLayoutEffect(measure, [measure, props.tables]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, TAB_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener("resize", onResize);
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(onResize);
    if (containerRef.current) observer?.observe(containerRef.current);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", onResize);
      observer?.disconnect();
    };
  }, [measure]);

  // Auto-scroll: the selected tab is brought fully into the visible part of the strip.
  useEffect(() => {
    const strip = stripRef.current;
    const tab = strip?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!strip || !tab) return;
    const left = tab.offsetLeft - strip.offsetLeft;
    const right = left + tab.offsetWidth;
    if (left < strip.scrollLeft) strip.scrollLeft = left;
    else if (right > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = right - strip.clientWidth;
  }, [props.selectedId, overflowing]);

  const scrollBy = (direction: -1 | 1) => {
    const strip = stripRef.current;
    if (strip) strip.scrollLeft += direction * TAB_SCROLL_STEP_PX;
  };

  return (
    <div className="table-tabs" ref={containerRef} data-overflowing={overflowing}>
      {overflowing && (
        <button
          type="button"
          className="btn table-tabs-arrow"
          aria-label={intl.formatMessage({ id: "data.tabs.scrollLeft" })}
          onClick={() => scrollBy(-1)}
          data-testid="tabs-scroll-left"
        >
          ‹
        </button>
      )}
      <Tabs
        idPrefix={TABLE_TABS_ID}
        label={intl.formatMessage({ id: "data.tabs.label" })}
        tabs={props.tables.map((table) => ({ id: table.id, label: table.name }))}
        selected={props.selectedId}
        onSelect={(id) => {
          const table = props.tables.find((candidate) => candidate.id === id);
          if (table) props.onSelect(table);
        }}
        className="table-tabs-strip"
        tabClassName="table-tab"
        tabTestId="table-tab"
        listRef={stripRef}
      />
      {overflowing && (
        <button
          type="button"
          className="btn table-tabs-arrow"
          aria-label={intl.formatMessage({ id: "data.tabs.scrollRight" })}
          onClick={() => scrollBy(1)}
          data-testid="tabs-scroll-right"
        >
          ›
        </button>
      )}
      {props.end}
    </div>
  );
}
