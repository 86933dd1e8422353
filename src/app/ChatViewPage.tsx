import { useState, type FormEvent } from "react";
import type { AppPageView, ChatPlan } from "../domain/apps/page";
import { callProject, listQuery, type Entry } from "./api";
import { display } from "./TableViewPage";
import { t } from "./messages";

/** How many entries one answer shows. */
const ANSWER_ROWS = 10;

/** One table's part of an answer: its plan, the query run for it, and the rows the user's token read. */
interface TableAnswer {
  plan: ChatPlan;
  fields: string[];
  query: { text: string; variables: Record<string, unknown> };
  rows: Entry[];
  more: boolean;
}

interface Turn {
  question: string;
  answers?: TableAnswer[];
  error?: string;
}

/**
 * A chatbot view: the server turns a question into a plan (a filter; it reads no data), and the
 * page runs each table's plan as a list query with the user's own token, so an answer can only hold
 * rows the user may read. Each table's answer says what it matched and can show its query.
 */
export function ChatViewPage(props: { view: AppPageView; appUrl: string; graphqlUrl: string; token(): Promise<string>; detailViewOf(tableName: string): string | null; onOpen(viewId: string, entryId: string): void }) {
  const chatTables = new Map(props.view.chatTables.map((chat) => [chat.table.name, chat]));
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
      const answer = (await response.json().catch(() => ({}))) as { plans?: ChatPlan[]; errors?: { message: string }[] };
      if (!answer.plans) throw new Error(answer.errors?.[0]?.message ?? `HTTP ${response.status}`);
      const answers = await Promise.all(
        answer.plans.flatMap((plan) => {
          const chat = chatTables.get(plan.table);
          if (!chat) return [];
          const variables = { limit: ANSWER_ROWS, nextToken: null, sortOrder: "DESC", sortBy: null, filter: plan.filter };
          const query = { text: listQuery(chat.table, chat.fields), variables };
          return [callProject<{ list: { items: Entry[]; nextToken: string | null } }>(props.graphqlUrl, token, query.text, variables).then((data) => ({ plan, fields: chat.fields, query, rows: data.list.items, more: data.list.nextToken !== null }))];
        }),
      );
      update({ question: text, answers });
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
            ) : !turn.answers ? (
              <p>{t("loading")}</p>
            ) : (
              turn.answers.map((answer) => <Answer key={answer.plan.table} answer={answer} several={turn.answers!.length > 1} detailViewId={props.detailViewOf(answer.plan.table)} onOpen={props.onOpen} />)
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

function Answer(props: { answer: TableAnswer; several: boolean; detailViewId: string | null; onOpen(viewId: string, entryId: string): void }) {
  const { plan, rows, query, fields } = props.answer;
  return (
    <div className="app-chat-answer" data-testid="app-chat-answer">
      {props.several && <h3 className="app-chat-table">{plan.table}</h3>}
      <p data-testid="app-chat-matched">{matchedText(plan)}</p>
      {rows.length === 0 ? (
        <p>{t("noMatches")}</p>
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
                {props.detailViewId && <th scope="col">{t("actions")}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  {fields.map((name) => (
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
      {props.answer.more && <p>{t("moreMatches", { count: rows.length })}</p>}
      <details>
        <summary>{t("showQuery")}</summary>
        <pre className="app-chat-query" data-testid="app-chat-query">{`${query.text}\n\n${JSON.stringify(query.variables, null, 2)}`}</pre>
      </details>
    </div>
  );
}

/** What the answer matched, in words: the model's account, or the search's words and fields. */
function matchedText(plan: ChatPlan): string {
  if (plan.source === "llm") return plan.explanation ?? t("llmFilter", { fields: plan.fields.join(", ") || "—" });
  if (!plan.searched) return plan.fields.length === 0 ? t("nothingSearchable") : t("noSearchWords");
  return t("searched", { words: plan.words.map((word) => `“${word}”`).join(", "), fields: plan.fields.join(", ") });
}
