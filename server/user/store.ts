import type { DbOrTx } from "../db/database";

export async function findUser(db: DbOrTx, id: string) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** createUser runs on every confirmation; a second call keeps the first record. */
export async function ensureUser(db: DbOrTx, values: { id: string; email: string }) {
  await db
    .insertInto("users")
    .values({ id: values.id, email: values.email.toLowerCase() })
    .onConflict((oc) => oc.column("id").doUpdateSet({ email: values.email.toLowerCase(), updated_at: new Date() }))
    .execute();
  return (await findUser(db, values.id))!;
}
