import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ObjectType } from "../domain/model";
import { moveView, newView, removeView, type AppSchema, type AppView } from "../domain/apps";
import { Button } from "../ui/Button";

/**
 * The app's menu (spec §2): its views in order. A view is moved by dragging it or with its
 * up/down buttons (keyboard), added for a table as a table or detail view, and removed.
 */
export function AppMenuEditor(props: {
  schema: AppSchema;
  tables: ObjectType[];
  selected: number;
  disabled: boolean;
  onSelect(index: number): void;
  onChange(schema: AppSchema, selected: number): void;
}) {
  const intl = useIntl();
  const tableId = useId();
  const typeId = useId();
  const [dragged, setDragged] = useState<number | null>(null);
  const [table, setTable] = useState(props.tables[0]?.id ?? "");
  const [type, setType] = useState<AppView["type"]>("table");
  const [announcement, setAnnouncement] = useState("");
  const views = props.schema.views;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= views.length) return;
    props.onChange(moveView(props.schema, from, to), to);
    setAnnouncement(intl.formatMessage({ id: "apps.menu.moved" }, { name: views[from].name, position: to + 1, count: views.length }));
  };
  const add = () => {
    const chosen = props.tables.find((candidate) => candidate.id === table);
    if (!chosen) return;
    const view = newView(props.schema, type, chosen);
    props.onChange({ views: [...views, view] }, views.length);
  };

  return (
    <section className="app-menu" aria-labelledby={`${tableId}-title`} data-testid="app-menu">
      <h2 id={`${tableId}-title`}>
        <FormattedMessage id="apps.menu.title" />
      </h2>
      <ol className="app-menu-list">
        {views.map((view, index) => (
          <li
            key={view.id}
            className={index === props.selected ? "selected" : undefined}
            draggable={!props.disabled}
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={() => (dragged !== null && move(dragged, index), setDragged(null))}
            data-testid="app-menu-item"
          >
            <button type="button" className="app-menu-name" aria-current={index === props.selected || undefined} onClick={() => props.onSelect(index)}>
              {view.name} <span className="app-menu-type">(<FormattedMessage id={`apps.viewType.${view.type}`} />)</span>
            </button>
            {!props.disabled && (
              <span className="app-menu-buttons">
                <button type="button" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={intl.formatMessage({ id: "apps.menu.up" }, { name: view.name })} data-testid="app-menu-up">
                  ↑
                </button>
                <button type="button" disabled={index === views.length - 1} onClick={() => move(index, index + 1)} aria-label={intl.formatMessage({ id: "apps.menu.down" }, { name: view.name })} data-testid="app-menu-down">
                  ↓
                </button>
                <button type="button" onClick={() => props.onChange(removeView(props.schema, index), Math.max(0, Math.min(props.selected, views.length - 2)))} aria-label={intl.formatMessage({ id: "apps.menu.remove" }, { name: view.name })} data-testid="app-menu-remove">
                  ×
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {!props.disabled && props.tables.length > 0 && (
        <div className="app-menu-add">
          <label htmlFor={tableId}>
            <FormattedMessage id="apps.menu.table" />
          </label>
          <select id={tableId} value={table} onChange={(event) => setTable(event.target.value)} data-testid="app-menu-table">
            {props.tables.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
          <label htmlFor={typeId}>
            <FormattedMessage id="apps.menu.type" />
          </label>
          <select id={typeId} value={type} onChange={(event) => setType(event.target.value as AppView["type"])} data-testid="app-menu-type">
            <option value="table">{intl.formatMessage({ id: "apps.viewType.table" })}</option>
            <option value="detail">{intl.formatMessage({ id: "apps.viewType.detail" })}</option>
            <option value="chatbot">{intl.formatMessage({ id: "apps.viewType.chatbot" })}</option>
          </select>
          <Button onClick={add} data-testid="app-menu-add">
            <FormattedMessage id="apps.menu.add" />
          </Button>
        </div>
      )}
    </section>
  );
}
