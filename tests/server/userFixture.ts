import type { Config } from "../../server/config";
import type { Db } from "../../server/db/database";
import { consolePool } from "../../server/auth/consolePool";
import { computeVerifier, randomSalt } from "../../server/auth/srp";

/**
 * A confirmed console user with an SRP verifier for `password`, written as sign-up and its
 * confirmation write it (server/auth/calls/signUp.ts): the pool's own createUser, then confirmed
 * with a verified email. Returns the user's sub.
 */
export async function createConfirmedUser(db: Db, config: Config, email: string, password: string): Promise<string> {
  const poolName = config.cognito.userPoolId.split("_")[1];
  const address = email.toLowerCase();
  return db.transaction().execute(async (tx) => {
    const { sub } = await consolePool.createUser(tx, {
      email: address,
      locale: "en",
      credential: (sub) => {
        const salt = randomSalt();
        return { srp_salt: salt, srp_verifier: computeVerifier(poolName, sub, password, salt) };
      },
    });
    await tx.updateTable("auth_users").set({ confirmed: true, email_verified: true }).where("sub", "=", sub).execute();
    return sub;
  });
}
