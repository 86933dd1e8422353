import { useEffect, useState } from "react";
import type { AppPageView } from "../domain/apps/page";
import { callProject, getQuery, type Entry } from "./api";
import { display } from "./TableViewPage";
import { t } from "./messages";

type Related = Entry | { items: Entry[] } | null;

/**
 * A detail view: one entry's fields in the view's order and the records of its connected tables,
 * all read in one request with the user's token (the related tables' permissions apply too).
 */
export function DetailViewPage(props: { view: AppPageView; graphqlUrl: string; token(): Promise<string>; entryId: string | null; detailViewOf(table: string): string | null; onOpen(viewId: string, entryId: string): void }) {
  const [entry, setEntry] = useState<Entry | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const { entryId, view } = props;
  useEffect(() => {
    if (!entryId || !view.table) return;
    void (async () => {
      try {
        const data = await callProject<{ entry: Entry | null }>(props.graphqlUrl, await props.token(), getQuery(view.table!, view.fields, view.related), { id: entryId });
        setEntry(data.entry);
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : String(caught));
      }
    })();
  }, [entryId, view, props.graphqlUrl, props.token]);

  if (!entryId) return <p>{t("chooseEntry")}</p>;
  if (error)
    return (
      <p role="alert" className="app-error">
        {error}
      </p>
    );
  if (entry === undefined) return <p>{t("loading")}</p>;
  if (entry === null) return <p role="alert">{t("notFound")}</p>;
  return (
    <>
      <dl className="app-detail">
        {view.fields.map((name) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{entry[name] == null ? "—" : typeof entry[name] === "object" ? JSON.stringify(entry[name]) : String(entry[name])}</dd>
          </div>
        ))}
      </dl>
      {view.related.map((link, index) => {
        const value = entry[`related${index}`] as Related | undefined;
        const records: Entry[] = value == null ? [] : "items" in value ? (value.items as Entry[]) : [value];
        const detailViewId = props.detailViewOf(link.table);
        return (
          <section key={link.field} className="app-related" data-testid={`app-related-${link.table}`}>
            <h2>{link.table}</h2>
            {records.length === 0 ? (
              <p>{t("noRelated")}</p>
            ) : (
              <ul>
                {records.map((record) => (
                  <li key={record.id}>
                    {detailViewId ? (
                      <a href="#" className="app-link" onClick={(event) => (event.preventDefault(), props.onOpen(detailViewId, record.id))}>
                        {summary(record, link.fields)}
                      </a>
                    ) : (
                      summary(record, link.fields)
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </>
  );
}

/** A related record in one line: its shown fields that have a value, or its id. */
const summary = (record: Entry, fields: readonly string[]) =>
  fields
    .map((name) => display(record[name]))
    .filter((text) => text !== "")
    .join(" · ") || record.id;
