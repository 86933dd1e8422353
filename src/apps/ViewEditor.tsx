import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ObjectType } from "../domain/model";
import { moveId, userFieldsOf, VIEW_NAME_MAX_LENGTH, VIEW_PAGE_SIZES, type AppView, type TableView } from "../domain/apps";
import { TextField } from "../ui/TextField";
import { ViewFilterEditor } from "./ViewFilterEditor";
import { RelatedTablesEditor } from "./RelatedTablesEditor";
import { ChatTablesEditor } from "./ChatTablesEditor";

/**
 * The selected view's editor: its name and, for a table view, its columns, default sort, page
 * size and actions (spec §2 'table view editor'); for a detail view its fields in order.
 */
export function ViewEditor(props: { view: AppView; tables: ObjectType[]; disabled: boolean; onChange(view: AppView): void }) {
  const intl = useIntl();
  const { view } = props;
  const table = props.tables.find((candidate) => candidate.id === view.tableId);
  const chosen = view.type === "table" ? view.columns : view.fields;
  const fields = table ? userFieldsOf(table) : [];
  const nameOf = (fieldId: string) => table?.fields.find((field) => field.id === fieldId)?.name ?? fieldId;
  const setChosen = (ids: string[]) => props.onChange(view.type === "table" ? { ...view, columns: ids } : { ...view, fields: ids });

  return (
    <section className="view-editor" data-testid="view-editor">
      <h2>
        <FormattedMessage id={`apps.viewType.${view.type}`} />: {view.name}
      </h2>
      {!table && (
        <p className="field-error" role="alert" data-testid="view-editor-table-missing">
          <FormattedMessage id="error_app_view_table_missing" />
        </p>
      )}
      <TextField
        label={intl.formatMessage({ id: "apps.view.name" })}
        value={view.name}
        maxLength={VIEW_NAME_MAX_LENGTH}
        disabled={props.disabled}
        onChange={(name) => props.onChange({ ...view, name })}
        data-testid="view-editor-name"
      />
      <fieldset disabled={props.disabled} className="view-editor-fields">
        <legend>
          <FormattedMessage id={view.type === "table" ? "apps.view.columns" : view.type === "chatbot" ? "apps.view.chatFields" : "apps.view.fields"} />
        </legend>
        {fields.map((field) => (
          <label key={field.id} className="checkbox">
            <input
              type="checkbox"
              checked={chosen.includes(field.id)}
              onChange={(event) => setChosen(event.target.checked ? [...chosen, field.id] : chosen.filter((id) => id !== field.id))}
              data-testid={`view-field-${field.name}`}
            />{" "}
            {field.name}
          </label>
        ))}
      </fieldset>
      {chosen.length > 1 && (
        <ol className="view-editor-order" aria-label={intl.formatMessage({ id: "apps.view.order" })}>
          {chosen.map((fieldId, index) => (
            <li key={fieldId}>
              {nameOf(fieldId)}{" "}
              <button type="button" disabled={props.disabled || index === 0} onClick={() => setChosen(moveId(chosen, index, index - 1))} aria-label={intl.formatMessage({ id: "apps.menu.up" }, { name: nameOf(fieldId) })}>
                ↑
              </button>
              <button type="button" disabled={props.disabled || index === chosen.length - 1} onClick={() => setChosen(moveId(chosen, index, index + 1))} aria-label={intl.formatMessage({ id: "apps.menu.down" }, { name: nameOf(fieldId) })}>
                ↓
              </button>
            </li>
          ))}
        </ol>
      )}
      {view.type === "table" && table && <TableSettings view={view} table={table} disabled={props.disabled} onChange={props.onChange} />}
      {view.type === "table" && table && <ViewFilterEditor table={table} rules={view.filter ?? []} disabled={props.disabled} onChange={(filter) => props.onChange({ ...view, filter })} />}
      {view.type === "chatbot" && table && <ChatTablesEditor view={view} tables={props.tables} disabled={props.disabled} onChange={props.onChange} />}
      {view.type === "detail" && table && (
        <RelatedTablesEditor table={table} tables={props.tables} chosen={view.related ?? []} disabled={props.disabled} onChange={(related) => props.onChange({ ...view, related })} />
      )}
    </section>
  );
}

function TableSettings(props: { view: TableView; table: ObjectType; disabled: boolean; onChange(view: AppView): void }) {
  const sortId = useId();
  const directionId = useId();
  const sizeId = useId();
  const intl = useIntl();
  const { view } = props;
  // The API sorts by updatedAt, createdAt and the fields marked sort-by (spec §4 sort field).
  const sortable = props.table.fields.filter((field) => field.directives.some((directive) => directive.name === "sortBy") || field.name === "createdAt");
  return (
    <fieldset disabled={props.disabled} className="view-editor-table">
      <legend>
        <FormattedMessage id="apps.view.tableSettings" />
      </legend>
      <label htmlFor={sortId}>
        <FormattedMessage id="apps.view.sort" />
      </label>
      <select
        id={sortId}
        value={view.sort?.fieldId ?? ""}
        onChange={(event) => props.onChange({ ...view, sort: event.target.value ? { fieldId: event.target.value, direction: view.sort?.direction ?? "DESC" } : null })}
        data-testid="view-sort"
      >
        <option value="">{intl.formatMessage({ id: "apps.view.sortDefault" })}</option>
        {sortable.map((field) => (
          <option key={field.id} value={field.id}>
            {field.name}
          </option>
        ))}
      </select>
      <label htmlFor={directionId}>
        <FormattedMessage id="apps.view.direction" />
      </label>
      <select id={directionId} value={view.sort?.direction ?? "DESC"} disabled={!view.sort} onChange={(event) => view.sort && props.onChange({ ...view, sort: { ...view.sort, direction: event.target.value as "ASC" | "DESC" } })}>
        <option value="DESC">{intl.formatMessage({ id: "apps.view.desc" })}</option>
        <option value="ASC">{intl.formatMessage({ id: "apps.view.asc" })}</option>
      </select>
      <label htmlFor={sizeId}>
        <FormattedMessage id="apps.view.pageSize" />
      </label>
      <select id={sizeId} value={view.pageSize} onChange={(event) => props.onChange({ ...view, pageSize: Number(event.target.value) })} data-testid="view-page-size">
        {VIEW_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <p className="field-hint">
        <FormattedMessage id="apps.view.actionsHint" />
      </p>
      {(["create", "edit", "delete"] as const).map((action) => (
        <label key={action} className="checkbox">
          <input type="checkbox" checked={view.actions[action]} onChange={(event) => props.onChange({ ...view, actions: { ...view.actions, [action]: event.target.checked } })} data-testid={`view-action-${action}`} />{" "}
          <FormattedMessage id={`apps.view.action.${action}`} />
        </label>
      ))}
    </fieldset>
  );
}
