import { type } from "arktype";
import { validateModel, type SchemaModel } from "../../src/domain/model";
import { parseModel } from "../../src/domain/model/parse";
import { buildModel } from "../templates/build";
import { ANSWER_INSTRUCTIONS, LlmAnswer, answerToDrafts } from "./answer";

export interface LlmEndpoint {
  /** e.g. https://api.openai.com/v1; /chat/completions is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
}

const TIMEOUT_MS = 30_000;

const ChatCompletion = type({
  choices: type({ message: { content: "string" } }).array().atLeastLength(1),
});

/**
 * Asks an OpenAI-compatible chat endpoint for a model. Throws with the reason when the call
 * fails or the answer is not a valid model, so the caller can log it and fall back.
 */
export async function generateWithLlm(prompt: string, endpoint: LlmEndpoint): Promise<SchemaModel> {
  const answer = LlmAnswer(await askLlmForJson(endpoint, ANSWER_INSTRUCTIONS, prompt));
  if (answer instanceof type.errors) throw new Error(`answer has the wrong shape: ${answer.summary}`);

  const drafts = answerToDrafts(answer);
  if (drafts.length === 0) throw new Error("answer has no usable tables");
  const parsed = parseModel(buildModel(drafts, "ai"));
  if ("problem" in parsed) throw new Error(`answer is not a model: ${parsed.problem.messageId}`);
  const problem = validateModel(parsed.model);
  if (problem) throw new Error(`answer breaks ${problem.messageId} at ${problem.path.join(".")}`);
  return parsed.model;
}

/**
 * One question to an OpenAI-compatible chat endpoint: the JSON object of its reply (parsed, not
 * yet checked). Throws with the reason when the call fails or the reply holds no JSON object.
 */
export async function askLlmForJson(endpoint: LlmEndpoint, instructions: string, question: string): Promise<unknown> {
  const response = await fetch(`${endpoint.baseUrl}/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: endpoint.model,
      temperature: 0,
      messages: [
        { role: "system", content: instructions },
        { role: "user", content: question },
      ],
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`LLM endpoint answered ${response.status}`);
  const completion = ChatCompletion(await response.json());
  if (completion instanceof type.errors) throw new Error(`not a chat completion: ${completion.summary}`);
  return JSON.parse(jsonIn(completion.choices[0].message.content));
}

/** The JSON object in a reply, without the Markdown fence some models put around it. */
function jsonIn(content: string): string {
  const start = content.indexOf("{");
  const end = content.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error("answer holds no JSON object");
  return content.slice(start, end + 1);
}
