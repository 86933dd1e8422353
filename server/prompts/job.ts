import type { Db } from "../db/database";
import type { PubSub } from "../pubsub";
import type { JobHandler } from "../jobs/runner";
import type { SchemaModel } from "../../src/domain/model";
import { checkGeneratedModel } from "../project/declaration";
import { findSchemaPrompt, finishSchemaPrompt, toSchemaPrompt } from "./store";
import { appendChanges } from "../changes/log";
import { schemaPromptChange } from "../changes/topics";

export const SCHEMA_PROMPT_JOB = "schemaPrompt.generate";
/** Spec §8: "Sorry, I couldn't come up with anything useful". */
export const AI_ERROR = "api_setup_templates_ai_error";

interface SchemaPromptJob {
  promptId: string;
}

/**
 * Runs the schema generator for one prompt. Its answer must pass every model rule and hold at
 * least one table (spec §5), else the prompt fails with the AI error; a generator that throws
 * (an unreachable LLM endpoint) is retried by the job runner before the prompt fails.
 */
export function schemaPromptJob(deps: {
  db: Db;
  pubsub: PubSub;
  generate: (prompt: string) => Promise<SchemaModel | null>;
}): JobHandler<SchemaPromptJob> {
  async function finish(id: string, outcome: Parameters<typeof finishSchemaPrompt>[2]) {
    // The answer and its event commit together; the prompt's subscribers may be on any server.
    const row = await deps.db.transaction().execute(async (tx) => {
      const finished = await finishSchemaPrompt(tx, id, outcome);
      if (finished) await appendChanges(tx, [schemaPromptChange(toSchemaPrompt(finished))]);
      return finished;
    });
    if (row) deps.pubsub.changesCommitted();
  }
  return {
    async run({ promptId }) {
      const row = await findSchemaPrompt(deps.db, promptId);
      if (!row || row.status !== "PENDING") return;
      const generated = await deps.generate(row.prompt);
      const model = generated ? checkGeneratedModel(generated) : null;
      await finish(
        promptId,
        model ? { status: "DONE", schema: JSON.stringify(model) } : { status: "FAILED", errorMessageId: AI_ERROR },
      );
    },
    async giveUp({ promptId }) {
      await finish(promptId, { status: "FAILED", errorMessageId: AI_ERROR });
    },
  };
}
