import { useState, type FormEvent } from "react";
import type { AppPageView, ChatPlan } from "../domain/apps/page";
import { callProject, listQuery, type Entry } from "./api";
import { display } from "./TableViewPage";
import { t } from "./messages";

/** How many entries one answer shows. */
const ANSWER_ROWS = 10;

interface Turn {
  question: string;
  plan?: ChatPlan;
  query?: { text: string; variables: Record<string, unknown> };
  rows?: Entry[];
  more?: boolean;
  error?: string;
}

/**
 * A chatbot view: the server turns a question into a plan (a filter; it reads no data), and the
 * page runs that plan as a list query with the user's own token, so an answer can only hold rows
 * the user may read. Each answer says what it matched and can show its query.
 */
export function ChatViewPage(props: { view: AppPageView; appUrl: string; graphqlUrl: string; token(): Promise<string>; detailViewId: string | null; onOpen(viewId: string, entryId: string): void }) {
  const table = props.view.table!;
  const [turns, setTurns] = useState<Turn[]>([]);
  const [question, setQuestion] = useState("");
  const [busy, setBusy] = useState(false);

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text || busy) return;
    setBusy(true);
    setQuestion("");
    const index = turns.length;
    const update = (turn: Turn) => setTurns((all) => [...all.slice(0, index), turn, ...all.slice(index + 1)]);
    update({ question: text });
    try {
      const token = await props.token();
      const response = await fetch(`${props.appUrl}chat`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ viewId: props.view.id, question: text }),
      });
      const answer = (await response.json().catch(() => ({}))) as { plan?: ChatPlan; errors?: { message: string }[] };
      if (!answer.plan) throw new Error(answer.errors?.[0]?.message ?? `HTTP ${response.status}`);
      const variables = { limit: ANSWER_ROWS, nextToken: null, sortOrder: "DESC", sortBy: null, filter: answer.plan.filter };
      const query = { text: listQuery(table, props.view.fields), variables };
      const data = await callProject<{ list: { items: Entry[]; nextToken: string | null } }>(props.graphqlUrl, token, query.text, variables);
      update({ question: text, plan: answer.plan, query, rows: data.list.items, more: data.list.nextToken !== null });
    } catch (caught) {
      update({ question: text, error: caught instanceof Error ? caught.message : String(caught) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="app-chat">
      <ol className="app-chat-turns" aria-live="polite">
        {turns.map((turn, index) => (
          <li key={index} className="app-chat-turn" data-testid="app-chat-turn">
            <p className="app-chat-question">
              <strong>{t("you")}:</strong> {turn.question}
            </p>
            {turn.error ? (
              <p role="alert" className="app-error">
                {turn.error}
              </p>
            ) : !turn.rows ? (
              <p>{t("loading")}</p>
            ) : (
              <Answer turn={turn} fields={props.view.fields} detailViewId={props.detailViewId} onOpen={props.onOpen} />
            )}
          </li>
        ))}
      </ol>
      <form className="app-chat-form" onSubmit={(event) => void ask(event)}>
        <label htmlFor="app-chat-question">{t("ask")}</label>
        <input id="app-chat-question" value={question} maxLength={500} onChange={(event) => setQuestion(event.target.value)} data-testid="app-chat-input" />
        <button type="submit" className="app-button app-primary" disabled={busy || question.trim() === ""} data-testid="app-chat-send">
          {t("send")}
        </button>
      </form>
    </section>
  );
}

function Answer(props: { turn: Turn; fields: string[]; detailViewId: string | null; onOpen(viewId: string, entryId: string): void }) {
  const { plan, rows = [], query } = props.turn;
  return (
    <div className="app-chat-answer" data-testid="app-chat-answer">
      <p data-testid="app-chat-matched">{plan ? matchedText(plan) : null}</p>
      {rows.length === 0 ? (
        <p>{t("noMatches")}</p>
      ) : (
        <div className="app-table-scroll">
          <table className="app-table">
            <thead>
              <tr>
                {props.fields.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
                {props.detailViewId && <th scope="col">{t("actions")}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  {props.fields.map((name) => (
                    <td key={name}>{display(row[name])}</td>
                  ))}
                  {props.detailViewId && (
                    <td>
                      <button type="button" className="app-link" onClick={() => props.onOpen(props.detailViewId!, row.id)}>
                        {t("open")}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.turn.more && <p>{t("moreMatches", { count: rows.length })}</p>}
      {query && (
        <details>
          <summary>{t("showQuery")}</summary>
          <pre className="app-chat-query" data-testid="app-chat-query">{`${query.text}\n\n${JSON.stringify(query.variables, null, 2)}`}</pre>
        </details>
      )}
    </div>
  );
}

/** What the answer matched, in words: the model's account, or the search's words and fields. */
function matchedText(plan: ChatPlan): string {
  if (plan.source === "llm") return plan.explanation ?? t("llmFilter", { fields: plan.fields.join(", ") || "—" });
  if (!plan.searched) return plan.fields.length === 0 ? t("nothingSearchable") : t("noSearchWords");
  return t("searched", { words: plan.words.map((word) => `“${word}”`).join(", "), fields: plan.fields.join(", ") });
}
