import type { SchemaModel } from "../../src/domain/model";
import type { Config } from "../config";
import { log } from "../log";
import { generateEmbedded } from "./embedded";
import { generateWithLlm } from "./openai";

/**
 * The AI start's generator: a prompt (at most 256 characters, checked by the caller) → a model
 * that passes every rule, or null when nothing useful came of it (api_setup_templates_ai_error).
 * With LLM_BASE_URL set the language model is asked first; any failure or invalid answer falls
 * back to the embedded generator, so the AI start never depends on the endpoint being up.
 */
export function createSchemaGenerator(config: Config): (prompt: string) => Promise<SchemaModel | null> {
  const llm = config.llm;
  if (!llm) return async (prompt) => generateEmbedded(prompt);
  return async (prompt) => {
    try {
      return await generateWithLlm(prompt, llm);
    } catch (error) {
      log.error("AI start: the language model's answer was not used; using the embedded generator.", error);
      return generateEmbedded(prompt);
    }
  };
}
