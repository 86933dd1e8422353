import { requireViewer } from "../graphqlKit/context";
import { forbidden, notFound, refuse } from "../graphqlKit/errors";
import { requireMembership } from "../access";
import { findApiForUpdate, toApi, updateApiRow } from "../project/store";
import { checkDeclaration, modelRefusal } from "../project/declaration";
import { canEditApis } from "../../src/domain/permissions";
import { parseModel } from "../../src/domain/model/parse";
import { applyUsersTableChoice, type UsersTableChoice } from "../../src/domain/publish/usersTable";
import type { Resolvers } from "../graphql/__generated__/resolvers";

const usertypeRefusal = () => refuse("BAD_USER_INPUT", "error_api_create_requires_usertype", "Please select the users table and its email and password fields.");

export const usersTableResolvers: Resolvers = {
  Mutation: {
    /**
     * The wizard's first step, with the rules of src/domain/publish/usersTable.ts; the result
     * passes every model rule (and, once published, the locked users table) before it is saved.
     */
    async setupUsersTable(_, args, ctx) {
      requireViewer(ctx);
      const { input } = args;
      return ctx.db.transaction().execute(async (tx) => {
        const row = await findApiForUpdate(tx, input.apiId);
        if (!row) throw notFound();
        const membership = await requireMembership(ctx, row.org_id, tx);
        if (!canEditApis(membership.permissions)) throw forbidden();
        const parsed = parseModel(row.schema);
        if ("problem" in parsed) throw modelRefusal(parsed.problem);
        const choice: UsersTableChoice =
          input.mode === "CUSTOM"
            ? { mode: "CUSTOM", tableId: input.tableId ?? "", emailFieldId: input.emailFieldId ?? "", passwordFieldId: input.passwordFieldId ?? "" }
            : { mode: "DEFAULT" };
        const applied = applyUsersTableChoice(parsed.model, choice);
        if ("problem" in applied) throw usertypeRefusal();
        const checked = checkDeclaration(JSON.stringify(applied.model), { state: row.state, schema: row.schema, authMode: row.default_auth_mode });
        if ("problem" in checked) throw modelRefusal(checked.problem);
        return toApi(await updateApiRow(tx, row.id, { schema: JSON.stringify(checked.model) }));
      });
    },
  },
};
