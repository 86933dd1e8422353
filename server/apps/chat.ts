import { type } from "arktype";
import type { DbOrTx } from "../db/database";
import { askLlmForJson, type LlmEndpoint } from "../ai/openai";
import { log } from "../log";
import type { AppPageConfig, ChatPlan } from "../../src/domain/apps";
import { LlmPlan, MAX_QUESTION_CHARS, llmInstructions, plansFromLlm, searchPlans } from "./chatPlan";

const ChatRequest = type({ viewId: "string", question: "string" });

export interface ChatDeps {
  db: DbOrTx;
  llm: LlmEndpoint | undefined;
}

/** A signed-in user of the app's project, or a console member who may edit the app (who alone may pin an answer as a view). */
export type ChatAsker = "appUser" | "member";

/**
 * POST <appUrl>chat: a chatbot view's plans for a question (one per table it is about), for a
 * signed-in user of the app's project or a member who may edit the app (the language model costs
 * money; the plan reads no data); `pinnable` tells the editor's preview it may offer 'Pin as a view'. The page runs each plan's
 * filter itself with the user's token. A model that fails or answers outside the view's fields
 * falls back to the built-in search, which says what it matched.
 */
export async function answerChat(deps: ChatDeps, request: Request, config: AppPageConfig, asker: ChatAsker | null): Promise<Response> {
  if (!asker) return refusal(401, "UNAUTHENTICATED", "error_app_chat_sign_in", "Sign in to the app to ask questions.");
  const body = ChatRequest(await request.json().catch(() => null));
  if (body instanceof type.errors) return refusal(400, "BAD_USER_INPUT", "error_app_chat_question", `Ask a question of at most ${MAX_QUESTION_CHARS} characters.`);
  const question = body.question.trim();
  if (question === "" || question.length > MAX_QUESTION_CHARS) return refusal(400, "BAD_USER_INPUT", "error_app_chat_question", `Ask a question of at most ${MAX_QUESTION_CHARS} characters.`);
  const view = config.views.find((candidate) => candidate.id === body.viewId && candidate.type === "chatbot");
  if (!view || view.chatTables.length === 0) return refusal(404, "NOT_FOUND", "error_app_chat_view", "This chatbot view does not exist (any more).");
  let plans: ChatPlan[] | null = null;
  if (deps.llm) {
    try {
      const answer = LlmPlan(await askLlmForJson(deps.llm, llmInstructions(view.chatTables), question));
      plans = answer instanceof type.errors ? null : plansFromLlm(view.chatTables, answer);
      if (!plans) log.error("App chat: the language model's plan did not fit the view; using the built-in search.");
    } catch (error) {
      log.error("App chat: the language model was not reachable; using the built-in search.", error);
    }
  }
  return Response.json({ plans: plans ?? searchPlans(view.chatTables, question), pinnable: asker === "member" });
}

const refusal = (status: number, code: string, messageId: string, message: string) => Response.json({ errors: [{ message, extensions: { code, messageId } }] }, { status });
