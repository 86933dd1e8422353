import { FormattedMessage, useIntl } from "react-intl";
import type { ObjectType } from "../domain/model";
import type { ReactNode } from "react";
import type { AppSchema, AppView, ChatPlan } from "../domain/apps";
import { ChatPreview } from "./ChatPreview";

/** Rows of placeholders a previewed table view shows. */
const PREVIEW_ROWS = 3;

/**
 * A live preview of the draft app beside the editor: its header, menu and the selected view's
 * layout (columns, fields, actions, filter, related tables, the chat box), as a read-only mock
 * without data — the member's own rights would show rows the app's users may never see.
 */
export function AppPreview(props: { appId: string; name: string; logoUrl: string | null; schema: AppSchema; tables: ObjectType[]; selected: number; onSelect(index: number): void; canPin: boolean; onPin(plan: ChatPlan): void }) {
  const intl = useIntl();
  const view = props.schema.views[props.selected];
  return (
    <section className="app-preview" aria-label={intl.formatMessage({ id: "apps.preview" })} data-testid="app-preview">
      <h2 className="app-preview-title">
        <FormattedMessage id="apps.preview" />
      </h2>
      <div className="app-preview-frame">
        <div className="app-preview-header">
          {props.logoUrl && <img src={props.logoUrl} alt="" className="app-preview-logo" />}
          <strong>{props.name}</strong>
        </div>
        <div className="app-preview-body">
          <ul className="app-preview-menu">
            {props.schema.views.map((candidate, index) => (
              <li key={candidate.id}>
                <button type="button" aria-current={index === props.selected ? "true" : undefined} onClick={() => props.onSelect(index)}>
                  {candidate.name}
                </button>
              </li>
            ))}
          </ul>
          <div className="app-preview-main">{view ? <ViewMock view={view} tables={props.tables} chat={view.type === "chatbot" ? <ChatPreview key={view.id} appId={props.appId} viewId={view.id} canPin={props.canPin} onPin={props.onPin} /> : null} /> : <FormattedMessage id="apps.editor.noViews" />}</div>
        </div>
      </div>
    </section>
  );
}

function ViewMock(props: { view: AppView; tables: ObjectType[]; chat: ReactNode }) {
  const { view } = props;
  const table = props.tables.find((candidate) => candidate.id === view.tableId);
  const nameOf = (fieldId: string) => table?.fields.find((field) => field.id === fieldId)?.name ?? "?";
  if (!table)
    return (
      <p role="alert">
        <FormattedMessage id="error_app_view_table_missing" />
      </p>
    );
  if (view.type === "table") {
    const columns = view.columns.map(nameOf);
    return (
      <>
        <h3>{view.name}</h3>
        {view.actions.create && (
          <button type="button" disabled>
            <FormattedMessage id="apps.view.action.create" />
          </button>
        )}
        {(view.filter?.length ?? 0) > 0 && (
          <p className="app-preview-note">
            <FormattedMessage id="apps.preview.filtered" values={{ count: view.filter!.length }} />
          </p>
        )}
        <div className="app-preview-scroll">
          <table>
            <thead>
              <tr>
                {columns.map((name, index) => (
                  <th key={index} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: PREVIEW_ROWS }, (_, row) => (
                <tr key={row}>
                  {columns.map((_, index) => (
                    <td key={index} aria-hidden="true">
                      ▭
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="app-preview-note">
          <FormattedMessage id="apps.preview.rows" values={{ size: view.pageSize }} />
        </p>
      </>
    );
  }
  if (view.type === "detail") {
    return (
      <>
        <h3>{view.name}</h3>
        <dl>
          {view.fields.map((fieldId) => (
            <div key={fieldId}>
              <dt>{nameOf(fieldId)}</dt>
              <dd aria-hidden="true">▭</dd>
            </div>
          ))}
        </dl>
        {(view.related ?? []).map((tableId) => (
          <h4 key={tableId}>{props.tables.find((candidate) => candidate.id === tableId)?.name ?? "?"}</h4>
        ))}
      </>
    );
  }
  return (
    <>
      <h3>{view.name}</h3>
      <p className="app-preview-note">
        <FormattedMessage id="apps.preview.chat" values={{ fields: view.fields.map(nameOf).join(", ") }} />
      </p>
      {(view.moreTables ?? []).map((more) => {
        const other = props.tables.find((candidate) => candidate.id === more.tableId);
        return (
          <p key={more.tableId} className="app-preview-note">
            {other?.name ?? "?"}: <FormattedMessage id="apps.preview.chat" values={{ fields: more.fields.map((fieldId) => other?.fields.find((field) => field.id === fieldId)?.name ?? "?").join(", ") }} />
          </p>
        );
      })}
      {props.chat}
    </>
  );
}
