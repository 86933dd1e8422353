import { useCallback, useEffect, useState } from "react";
import type { AppPageView } from "../domain/apps/page";
import { callProject, createMutation, deleteMutation, listQuery, updateMutation, type Entry } from "./api";
import { EntryForm } from "./EntryForm";
import { t } from "./messages";

/**
 * A table view: one page of entries at a time from the server (the view's page size, keyset
 * paging with nextToken), the user's own token on every call, so the table's permissions and
 * owner rules decide what is shown and what a create or edit may do.
 */
export function TableViewPage(props: { view: AppPageView; graphqlUrl: string; token(): Promise<string>; detailViewId: string | null; onOpen(viewId: string, entryId: string): void }) {
  const table = props.view.table!;
  const fields = props.view.fields;
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState<Entry[] | null>(null);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Entry | "new" | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  /** The entry whose delete waits for the user's confirmation. */
  const [deleting, setDeleting] = useState<Entry | null>(null);

  const load = useCallback(
    async (pageIndex: number, pageTokens: (string | null)[]) => {
      setError(null);
      try {
        const data = await callProject<{ list: { items: Entry[]; nextToken: string | null } }>(props.graphqlUrl, await props.token(), listQuery(table, fields), {
          limit: props.view.pageSize,
          nextToken: pageTokens[pageIndex] ?? null,
          sortOrder: props.view.sort?.direction ?? "DESC",
          sortBy: props.view.sort?.field ?? null,
          filter: props.view.filter,
        });
        setRows(data.list.items);
        setNextToken(data.list.nextToken);
      } catch (caught) {
        setRows([]);
        setError(caught instanceof Error ? caught.message : String(caught));
      }
    },
    [props.graphqlUrl, props.token, props.view, table, fields],
  );
  useEffect(() => void load(0, [null]), [load]);

  const goTo = (next: number) => {
    const nextTokens = [...tokens];
    if (next > page) nextTokens[next] = nextToken;
    setTokens(nextTokens);
    setPage(next);
    setRows(null);
    void load(next, nextTokens);
  };

  const save = async (input: Record<string, unknown>) => {
    setBusy(true);
    setFormError(null);
    try {
      const isNew = editing === "new";
      const mutation = isNew ? createMutation(table) : updateMutation(table);
      await callProject(props.graphqlUrl, await props.token(), mutation, { input: isNew ? input : { ...input, id: (editing as Entry).id } });
      setEditing(null);
      setNotice(t("saved"));
      await load(page, tokens);
    } catch (caught) {
      setFormError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (entry: Entry) => {
    setBusy(true);
    setError(null);
    try {
      await callProject(props.graphqlUrl, await props.token(), deleteMutation(table), { input: { id: entry.id } });
      setDeleting(null);
      setNotice(t("deleted"));
      await load(page, tokens);
    } catch (caught) {
      setDeleting(null);
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const canDelete = props.view.actions.delete && table.operations.delete !== null;
  const canCreate = props.view.actions.create && table.operations.create !== null;
  const canEdit = props.view.actions.edit && table.operations.update !== null;
  const formFields = table.fields.filter((field) => fields.includes(field.name) || (editing === "new" && field.requiredOnCreate));

  if (editing) return <EntryForm fields={formFields} entry={editing === "new" ? null : editing} busy={busy} error={formError} onSave={(input) => void save(input)} onCancel={() => (setEditing(null), setFormError(null))} />;
  return (
    <section className="app-table-view">
      {canCreate && (
        <button type="button" className="app-button app-primary" onClick={() => (setEditing("new"), setNotice(null))} data-testid="app-create">
          {t("create")}
        </button>
      )}
      {props.view.filter && <p className="app-hint">{t("filtered")}</p>}
      {notice && <p role="status">{notice}</p>}
      {deleting && (
        <div role="alertdialog" aria-labelledby="app-delete-question" className="app-confirm" data-testid="app-delete-confirm">
          <p id="app-delete-question">{t("confirmDelete", { entry: display(deleting[fields[0] ?? "id"] ?? deleting.id) })}</p>
          <button type="button" className="app-button app-danger" disabled={busy} onClick={() => void remove(deleting)} autoFocus>
            {t("delete")}
          </button>
          <button type="button" className="app-button" disabled={busy} onClick={() => setDeleting(null)}>
            {t("cancel")}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="app-error">
          {error}
        </p>
      )}
      {rows === null ? (
        <p>{t("loading")}</p>
      ) : rows.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <div className="app-table-scroll">
          <table className="app-table">
            <thead>
              <tr>
                {fields.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
                {(canEdit || canDelete || props.detailViewId) && <th scope="col">{t("actions")}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  {fields.map((name) => (
                    <td key={name}>{display(row[name])}</td>
                  ))}
                  {(canEdit || canDelete || props.detailViewId) && (
                    <td className="app-row-actions">
                      {props.detailViewId && (
                        <button type="button" className="app-link" onClick={() => props.onOpen(props.detailViewId!, row.id)}>
                          {t("open")}
                        </button>
                      )}
                      {canEdit && (
                        <button type="button" className="app-link" onClick={() => (setEditing(row), setNotice(null))}>
                          {t("edit")}
                        </button>
                      )}
                      {canDelete && (
                        <button type="button" className="app-link" onClick={() => (setDeleting(row), setNotice(null))} data-testid="app-delete">
                          {t("delete")}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="app-pagination" aria-label={t("page", { page: page + 1 })}>
        <button type="button" className="app-button" disabled={page === 0} onClick={() => goTo(page - 1)}>
          {t("previous")}
        </button>
        <span>{t("page", { page: page + 1 })}</span>
        <button type="button" className="app-button" disabled={!nextToken} onClick={() => goTo(page + 1)}>
          {t("next")}
        </button>
      </nav>
    </section>
  );
}

/** A cell's text, cut at 50 characters as the console's tables do (spec §2). */
export function display(value: unknown): string {
  if (value == null) return "";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > 50 ? `${text.slice(0, 50)}…` : text;
}
