import { useEffect, useState } from "react";
import type { AppPageView } from "../domain/apps/page";
import { callProject, getQuery, type Entry } from "./api";
import { t } from "./messages";

/** A detail view: one entry's fields in the view's order, read with the user's token. */
export function DetailViewPage(props: { view: AppPageView; graphqlUrl: string; token(): Promise<string>; entryId: string | null }) {
  const [entry, setEntry] = useState<Entry | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const { entryId, view } = props;
  useEffect(() => {
    if (!entryId || !view.table) return;
    void (async () => {
      try {
        const data = await callProject<{ entry: Entry | null }>(props.graphqlUrl, await props.token(), getQuery(view.table!, view.fields), { id: entryId });
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
    <dl className="app-detail">
      {view.fields.map((name) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{entry[name] == null ? "—" : typeof entry[name] === "object" ? JSON.stringify(entry[name]) : String(entry[name])}</dd>
        </div>
      ))}
    </dl>
  );
}
