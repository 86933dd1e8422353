import { useRef, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

/**
 * A tab list (WAI-ARIA tabs pattern, automatic activation): only the selected tab is in the tab
 * order; arrow keys, Home and End move to and select another tab.
 */
export function Tabs<T extends string>(props: {
  idPrefix: string;
  label: string;
  tabs: TabItem<T>[];
  selected: T;
  onSelect(id: T): void;
  testId?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = props.tabs.findIndex((tab) => tab.id === props.selected);
    const last = props.tabs.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = props.tabs[(next + props.tabs.length) % props.tabs.length];
    props.onSelect(target.id);
    listRef.current?.ownerDocument.getElementById(tabId(props.idPrefix, target.id))?.focus();
  };
  return (
    <div ref={listRef} role="tablist" aria-label={props.label} className="tabs" onKeyDown={onKeyDown} data-testid={props.testId}>
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
            className="tab"
            onClick={() => props.onSelect(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel(props: { idPrefix: string; id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(props.idPrefix, props.id)} aria-labelledby={tabId(props.idPrefix, props.id)} className="tab-panel">
      {props.children}
    </div>
  );
}

const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;
