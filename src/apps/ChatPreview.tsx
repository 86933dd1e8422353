import { useId, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ChatPlan } from "../domain/apps";
import { currentAccessToken } from "../session/tokens";

/**
 * The chat box of a chatbot view in the editor's preview: a member tries a question against the
 * saved app and sees, per table, what the chat would list — the plan only, never rows (the
 * member's rights are not the app user's). Only here, where the app may be changed, an answer
 * can be pinned as a table view with the answer's filter as its default filter.
 */
export function ChatPreview(props: { appId: string; viewId: string; canPin: boolean; onPin(plan: ChatPlan): void }) {
  const intl = useIntl();
  const inputId = useId();
  const [question, setQuestion] = useState("");
  const [plans, setPlans] = useState<ChatPlan[] | null>(null);
  const [pinnable, setPinnable] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      const token = await currentAccessToken();
      const response = await fetch(`/apps/${props.appId}/chat`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
        body: JSON.stringify({ viewId: props.viewId, question }),
      });
      const answer = (await response.json().catch(() => ({}))) as { plans?: ChatPlan[]; pinnable?: boolean; errors?: { message: string }[] };
      if (!answer.plans) throw new Error(answer.errors?.[0]?.message ?? `HTTP ${response.status}`);
      setPlans(answer.plans);
      setPinnable(answer.pinnable === true);
    } catch (caught) {
      setPlans(null);
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const describe = (plan: ChatPlan) =>
    plan.source === "llm"
      ? intl.formatMessage({ id: "apps.chat.llm" }, { table: plan.table, explanation: plan.explanation ?? plan.fields.join(", ") })
      : plan.searched
        ? intl.formatMessage({ id: "apps.chat.search" }, { table: plan.table, fields: plan.fields.join(", "), words: plan.words.map((word) => `“${word}”`).join(", ") })
        : intl.formatMessage({ id: "apps.chat.searchAll" }, { table: plan.table });

  return (
    <div className="app-preview-chat" data-testid="app-preview-chat">
      <form onSubmit={(event) => void ask(event)}>
        <label htmlFor={inputId}>
          <FormattedMessage id="apps.chat.ask" />
        </label>
        <input id={inputId} value={question} maxLength={500} onChange={(event) => setQuestion(event.target.value)} data-testid="app-preview-chat-input" />
        <button type="submit" disabled={busy || question.trim() === ""} data-testid="app-preview-chat-send">
          <FormattedMessage id="apps.chat.send" />
        </button>
      </form>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {plans && (
        <ul aria-live="polite">
          {plans.map((plan) => (
            <li key={plan.table} data-testid="app-preview-chat-plan">
              {describe(plan)}{" "}
              {pinnable && props.canPin && (plan.source === "llm" || plan.searched) && (
                <button type="button" onClick={() => props.onPin(plan)} data-testid={`app-preview-pin-${plan.table}`}>
                  <FormattedMessage id="apps.chat.pin" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
