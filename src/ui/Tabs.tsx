import { useRef, type KeyboardEvent, type ReactNode, type Ref } from "react";

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

/**
 * A tab list (WAI-ARIA tabs pattern, automatic activation): only the selected tab is in the tab
 * order; arrow keys, Home and End move to and select another tab. The model editor's tabs and
 * the data view's table tabs are both this one; `className`/`tabClassName` give each its look,
 * `listRef` lets the table tabs scroll the list.
 */
export function Tabs<T extends string>(props: {
  idPrefix: string;
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T | undefined;
  onSelect(id: T): void;
  testId?: string;
  tabTestId?: string;
  className?: string;
  tabClassName?: string;
  listRef?: Ref<HTMLDivElement>;
}) {
  const ownRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = props.tabs.findIndex((tab) => tab.id === props.selected);
    const last = props.tabs.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined || props.tabs.length === 0) return;
    event.preventDefault();
    const target = props.tabs[(next + props.tabs.length) % props.tabs.length];
    props.onSelect(target.id);
    ownRef.current?.ownerDocument.getElementById(tabId(props.idPrefix, target.id))?.focus();
  };
  const setRefs = (element: HTMLDivElement | null) => {
    ownRef.current = element;
    if (typeof props.listRef === "function") props.listRef(element);
    else if (props.listRef) props.listRef.current = element;
  };
  return (
    <div ref={setRefs} role="tablist" aria-label={props.label} className={props.className ?? "tabs"} onKeyDown={onKeyDown} data-testid={props.testId}>
      {props.tabs.map((tab) => {
        const selected = tab.id === props.selected;
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={tabId(props.idPrefix, tab.id)}
            aria-selected={selected}
            aria-controls={panelId(props.idPrefix, tab.id)}
            tabIndex={selected ? 0 : -1}
            className={props.tabClassName ?? "tab"}
            onClick={() => props.onSelect(tab.id)}
            data-testid={props.tabTestId}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** The content of the selected tab, labelled by it. */
export function TabPanel(props: { idPrefix: string; id: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <div
      role="tabpanel"
      id={panelId(props.idPrefix, props.id)}
      aria-labelledby={tabId(props.idPrefix, props.id)}
      className={props.className ?? "tab-panel"}
      data-testid={props.testId}
    >
      {props.children}
    </div>
  );
}

/** Ids that tie a tab and its panel together, for a panel rendered by another component. */
export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;
