import { isValidGroupName, MAX_GROUP_NAME_LENGTH, MAX_USER_GROUPS } from "../../../src/domain/model";
import { forbidden, refuse } from "../../graphqlKit/errors";
import { mayDo, requireAction, type DataAction } from "./access";
import type { ProjectContext } from "../context";
import { addUserToGroup, groupsOfUser, isPoolUser, removeUserFromGroup } from "./userGroupsStore";

/**
 * The groups of a project's pool users (spec §6 table access by group), managed as Cognito's
 * AdminAddUserToGroup, AdminRemoveUserFromGroup and AdminListGroupsForUser: by console members
 * with the data rights of docs/ROLES.md — never by the project's users or its API keys, so no
 * user can grant themselves a group. A user's tokens carry their groups from the next sign-in
 * or refresh on (docs/DECISIONS.md).
 */
export const USER_GROUPS_SDL = `
"A project user (their users-table entry's id) and a group name."
input UserGroupInput { userId: ID! groupName: String! }
`;
export const USER_GROUPS_QUERIES = [
  `"A project user's groups, by name (Cognito's AdminListGroupsForUser)."\n  adminListGroupsForUser(userId: ID!): [String!]!`,
  `"Whether the caller may put project users in groups and take them out (docs/ROLES.md data.edit)."\n  viewerCanManageUserGroups: Boolean!`,
];
export const USER_GROUPS_MUTATIONS = [
  `"Puts a project user in a group; their groups afterwards (Cognito's AdminAddUserToGroup)."\n  adminAddUserToGroup(input: UserGroupInput!): [String!]!`,
  `"Takes a project user out of a group; their groups afterwards (Cognito's AdminRemoveUserFromGroup)."\n  adminRemoveUserFromGroup(input: UserGroupInput!): [String!]!`,
];

const mayManage = (ctx: ProjectContext, action: DataAction) => ctx.project.caller.kind === "member" && mayDo(ctx.project.caller, action);

function requireMember(ctx: ProjectContext, action: DataAction) {
  const { caller } = ctx.project;
  if (caller.kind !== "member") throw forbidden();
  requireAction(caller, action);
}

const unknownUser = () => refuse("NOT_FOUND", "error_project_user_unknown", "This project has no user with this id who can sign in.");

function checkGroupName(groupName: string) {
  if (!isValidGroupName(groupName)) {
    throw refuse("BAD_USER_INPUT", "error_group_name_invalid", `A group name has 1 to ${MAX_GROUP_NAME_LENGTH} characters and no spaces at either end.`, { max: MAX_GROUP_NAME_LENGTH });
  }
}

type UserGroupArgs = { input: { userId: string; groupName: string } };

export function userGroupsResolvers() {
  return {
    Query: {
      viewerCanManageUserGroups: (_: unknown, __: unknown, ctx: ProjectContext) => mayManage(ctx, "update"),
      async adminListGroupsForUser(_: unknown, { userId }: { userId: string }, ctx: ProjectContext) {
        requireMember(ctx, "read");
        if (!(await isPoolUser(ctx.db, ctx.project.apiId, userId, { lock: false }))) throw unknownUser();
        return groupsOfUser(ctx.db, ctx.project.apiId, userId);
      },
    },
    Mutation: {
      async adminAddUserToGroup(_: unknown, { input }: UserGroupArgs, ctx: ProjectContext) {
        requireMember(ctx, "update");
        checkGroupName(input.groupName);
        const { apiId } = ctx.project;
        return ctx.db.transaction().execute(async (tx) => {
          if (!(await isPoolUser(tx, apiId, input.userId, { lock: true }))) throw unknownUser();
          const groups = await groupsOfUser(tx, apiId, input.userId);
          if (groups.includes(input.groupName)) return groups;
          if (groups.length >= MAX_USER_GROUPS) {
            throw refuse("BAD_USER_INPUT", "error_user_groups_limit", `A user can be in at most ${MAX_USER_GROUPS} groups.`, { max: MAX_USER_GROUPS });
          }
          await addUserToGroup(tx, apiId, input.userId, input.groupName);
          return groupsOfUser(tx, apiId, input.userId);
        });
      },
      async adminRemoveUserFromGroup(_: unknown, { input }: UserGroupArgs, ctx: ProjectContext) {
        requireMember(ctx, "update");
        checkGroupName(input.groupName);
        const { apiId } = ctx.project;
        return ctx.db.transaction().execute(async (tx) => {
          if (!(await isPoolUser(tx, apiId, input.userId, { lock: true }))) throw unknownUser();
          await removeUserFromGroup(tx, apiId, input.userId, input.groupName);
          return groupsOfUser(tx, apiId, input.userId);
        });
      },
    },
  };
}
