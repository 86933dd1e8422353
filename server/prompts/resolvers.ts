import type { Context } from "../graphqlKit/context";
import { requireViewer } from "../graphqlKit/context";
import { forbidden, notFound, refuse } from "../graphqlKit/errors";
import { endsWithSource } from "../graphqlKit/endsWithSource";
import { requireMembership } from "../access";
import { findApi } from "../project/store";
import { canEditApis } from "../../src/domain/permissions";
import { enqueueJob } from "../jobs/store";
import { SCHEMA_PROMPT_JOB } from "./job";
import { findSchemaPrompt, findSchemaPromptWithOrg, insertSchemaPrompt, toSchemaPrompt, type SchemaPrompt } from "./store";
import { SCHEMA_PROMPT_MAX_LENGTH, validateSchemaPrompt } from "../../src/domain/project";
import type { Resolvers } from "../graphql/__generated__/resolvers";

const PROMPT_MESSAGES = {
  error_schema_prompt_required: "Please describe what your project is about.",
  error_schema_prompt_max_length: `A prompt has at most ${SCHEMA_PROMPT_MAX_LENGTH} characters.`,
} as const;

/** A prompt is visible to the members of its project's workspace; FORBIDDEN for anyone else. */
async function visiblePrompt(ctx: Context, id: string) {
  requireViewer(ctx);
  const row = await findSchemaPromptWithOrg(ctx.db, id);
  if (!row) return null;
  await requireMembership(ctx, row.org_id);
  return row;
}

export const promptResolvers: Resolvers = {
  Query: {
    async schemaPrompt(_, args, ctx) {
      const row = await visiblePrompt(ctx, args.id);
      return row ? toSchemaPrompt(row) : null;
    },
  },
  Mutation: {
    /** The AI start edits the model, so it needs the model-edit role. The job runs after commit. */
    async createSchemaPrompt(_, args, ctx) {
      const viewer = requireViewer(ctx);
      const problem = validateSchemaPrompt(args.input.prompt);
      if (problem)
        throw refuse("BAD_USER_INPUT", problem, PROMPT_MESSAGES[problem], { max: SCHEMA_PROMPT_MAX_LENGTH });
      const row = await ctx.db.transaction().execute(async (tx) => {
        const api = await findApi(tx, args.input.apiId);
        if (!api) throw notFound();
        if (!canEditApis((await requireMembership(ctx, api.org_id, tx)).permissions)) throw forbidden();
        const prompt = await insertSchemaPrompt(tx, { apiId: api.id, userEmail: viewer.email, prompt: args.input.prompt.trim() });
        await enqueueJob(tx, SCHEMA_PROMPT_JOB, { promptId: prompt.id });
        return prompt;
      });
      ctx.jobs.kick();
      return toSchemaPrompt(row);
    },
  },
  Subscription: {
    onUpdateSchemaPrompt: {
      /** Refused before anything is streamed when the caller may not see the prompt. */
      async subscribe(_, args, ctx) {
        if (!(await visiblePrompt(ctx, args.id))) throw notFound();
        const feed = ctx.pubsub.subscribe("schemaPrompt:updated", args.id)[Symbol.asyncIterator]();
        return endsWithSource(feed, promptUpdates(ctx, args.id, feed));
      },
      resolve: (prompt: SchemaPrompt) => prompt,
    },
  },
};

/**
 * Listens before reading the prompt, so an answer that lands in between is not lost; a prompt
 * that is already DONE or FAILED is pushed at once. Ends after the final state.
 */
async function* promptUpdates(ctx: Context, id: string, events: AsyncIterator<SchemaPrompt>): AsyncGenerator<SchemaPrompt> {
  try {
    let next = events.next();
    const row = await findSchemaPrompt(ctx.db, id);
    if (row && row.status !== "PENDING") {
      yield toSchemaPrompt(row);
      return;
    }
    for (;;) {
      const event = await next;
      if (event.done) return;
      yield event.value;
      if (event.value.status !== "PENDING") return;
      next = events.next();
    }
  } finally {
    await events.return?.();
  }
}
