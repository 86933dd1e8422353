import type { Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";
import { newId } from "../graphqlKit/ids";

type SchemaPromptRow = Selectable<Tables["schema_prompts"]>;
type SchemaPromptStatus = "PENDING" | "DONE" | "FAILED";

export function toSchemaPrompt(row: SchemaPromptRow) {
  return {
    id: row.id,
    prompt: row.prompt,
    userEmail: row.user_email,
    apiId: row.api_id,
    status: row.status as SchemaPromptStatus,
    schema: row.schema,
    errorMessageId: row.error_message_id,
  };
}
export type SchemaPrompt = ReturnType<typeof toSchemaPrompt>;

export async function insertSchemaPrompt(db: DbOrTx, values: { apiId: string; userEmail: string; prompt: string }) {
  return db
    .insertInto("schema_prompts")
    .values({ id: newId("SchemaPrompt"), api_id: values.apiId, user_email: values.userEmail, prompt: values.prompt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findSchemaPrompt(db: DbOrTx, id: string) {
  return db.selectFrom("schema_prompts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The prompt with its project's org, for the membership check. */
export async function findSchemaPromptWithOrg(db: DbOrTx, id: string) {
  return db
    .selectFrom("schema_prompts")
    .innerJoin("apis", "apis.id", "schema_prompts.api_id")
    .selectAll("schema_prompts")
    .select("apis.org_id")
    .where("schema_prompts.id", "=", id)
    .executeTakeFirst();
}

/** Only a PENDING prompt is finished, so a job that runs twice changes nothing the second time. */
export async function finishSchemaPrompt(
  db: DbOrTx,
  id: string,
  outcome: { status: "DONE"; schema: string } | { status: "FAILED"; errorMessageId: string },
) {
  return db
    .updateTable("schema_prompts")
    .set({
      status: outcome.status,
      schema: outcome.status === "DONE" ? outcome.schema : null,
      error_message_id: outcome.status === "FAILED" ? outcome.errorMessageId : null,
      updated_at: new Date(),
    })
    .where("id", "=", id)
    .where("status", "=", "PENDING")
    .returningAll()
    .executeTakeFirst();
}
