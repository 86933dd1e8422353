import { requireViewer } from "../graphqlKit/context";
import { forbidden, notFound, refuse } from "../graphqlKit/errors";
import { idCursor } from "../graphqlKit/connection";
import { requireMembership, viewerStanding } from "../access";
import { findOrg, toOrg } from "../org/store";
import { findApi, findApiForUpdate, insertApi, schemaOfApi, toApi, updateApiRow, type ApiChanges } from "./store";
import { assignAwsAccount, isPoolAccount } from "./accounts";
import { checkDeclaration, declarationForAuthMode, modelRefusal } from "./declaration";
import { initialModel } from "../../src/domain/model";
import { canDeleteApiKeys, canEditApiKeys, canEditApis, canManageOrg, canPublishApi, hasAdminPermissions } from "../../src/domain/permissions";
import { isImported, isPublished } from "../../src/domain/apiState";
import {
  additionalAuthModesFor,
  parseOidc,
  validateAuth,
  validateProjectName,
  validateRegion,
  type OidcConfig,
} from "../../src/domain/project";
import type { Resolvers } from "../graphql/__generated__/resolvers";
import { userPoolOf } from "./userPool";
import { readImport, saveImport } from "./import/create";

const ENGLISH = {
  error_api_create_requires_name: "Please define a name.",
  error_api_create_requires_region: "Please select a region.",
  error_api_create_requires_authmode: "Please select a authorization mode.",
  error_api_create_requires_clientid: "The OIDC clientId is mandatory.",
  error_api_create_requires_issuerurl: "The OIDC issuerUrl is mandatory.",
  error_api_oidc_issuerurl_invalid: "The OIDC issuerUrl must be a valid http or https address.",
} as const;

const badInput = (messageId: keyof typeof ENGLISH) => refuse("BAD_USER_INPUT", messageId, ENGLISH[messageId]);

/** Malformed oidc JSON is refused like a missing clientId: the wizard always sends an object. */
function readOidc(text: string | null | undefined): OidcConfig | null {
  const oidc = parseOidc(text);
  if (oidc === undefined) throw badInput("error_api_create_requires_clientid");
  return oidc;
}

export const apiResolvers: Resolvers = {
  Query: {
    /** Null for an unknown id; FORBIDDEN for a project of a workspace the caller is not in. */
    async api(_, args, ctx) {
      requireViewer(ctx);
      const row = await findApi(ctx.db, args.id);
      if (!row) return null;
      await requireMembership(ctx, row.org_id);
      return toApi(row);
    },
  },
  Mutation: {
    /**
     * Creating a project needs the publish-API permission (DEV, ADMIN, OWNER, SUPERUSER): the
     * least privilege that already manages projects (permissionsFor grants DEV CAN_MANAGE APIS).
     */
    async createApi(_, args, ctx) {
      requireViewer(ctx);
      const input = args.input;
      const name = input.name.trim();
      const nameProblem = validateProjectName(name);
      if (nameProblem) throw badInput(nameProblem);
      const regionProblem = validateRegion(input.region);
      if (regionProblem) throw badInput(regionProblem);
      const oidc = readOidc(input.oidc);
      const authProblem = validateAuth(input.defaultAuthMode, oidc);
      if (authProblem) throw badInput(authProblem);
      const defaultAuthMode = input.defaultAuthMode!;
      const creationType = input.creationType === "IMPORT" ? "IMPORT" : "PUBLISH";
      // Read before the transaction: a live API that does not answer creates no project. Only a
      // member who may create projects makes the server call out (checked again when writing).
      if (creationType === "IMPORT" && !canEditApis((await requireMembership(ctx, input.orgId)).permissions)) throw forbidden();
      const imported = creationType === "IMPORT" ? await readImport(ctx, input) : null;

      const api = await ctx.db.transaction().execute(async (tx) => {
        const membership = await requireMembership(ctx, input.orgId, tx);
        if (!canEditApis(membership.permissions)) throw forbidden();
        const awsAccountId = await assignAwsAccount(tx);
        if (!awsAccountId)
          throw refuse("CONFLICT", "error_api_create_requires_awsaccount", "No cloud account could be assigned to the project.");
        const row = await insertApi(tx, {
          orgId: input.orgId,
          name,
          region: input.region!,
          // A project starts unpublished whatever the caller sends (spec §4); publishing moves it on.
          state: creationType === "IMPORT" ? "IMPORTED" : "INITIALIZED",
          creationType,
          defaultAuthMode,
          additionalAuthModes: additionalAuthModesFor(defaultAuthMode, [], creationType),
          awsAccountId,
          usePrefix: input.usePrefix ?? true,
          oidc: oidc ? JSON.stringify(oidc) : null,
          schema: JSON.stringify(imported ? imported.model : initialModel()),
        });
        if (!imported) return toApi(row);
        await saveImport(tx, ctx, row.id, imported);
        return toApi((await findApi(tx, row.id))!);
      });
      const apiEdge = { cursor: idCursor(api.id), node: api };
      return { api, apiEdge };
    },

    /**
     * Saving the declaration or the project's settings needs the model-edit role (DEV and up,
     * canPublishApi); the account id needs admin permissions; the query explorer's text is
     * every member's own working state.
     */
    async updateApi(_, args, ctx) {
      requireViewer(ctx);
      const input = args.input;
      return ctx.db.transaction().execute(async (tx) => {
        const row = await findApiForUpdate(tx, input.id);
        if (!row) throw notFound();
        const membership = await requireMembership(ctx, row.org_id, tx);
        const changes: ApiChanges = {};

        const touchesSettings = [
          input.name,
          input.schema,
          input.region,
          input.defaultAuthMode,
          input.additionalAuthModes,
          input.oidc,
          input.authProviderClientId,
          input.amplifyNames,
        ].some((value) => value !== undefined);
        if (touchesSettings && !canEditApis(membership.permissions)) throw forbidden();

        if (input.name !== undefined) {
          const name = (input.name ?? "").trim();
          const problem = validateProjectName(name);
          if (problem) throw badInput(problem);
          changes.name = name;
        }
        if (input.region !== undefined) {
          const problem = validateRegion(input.region);
          if (problem) throw badInput(problem);
          changes.region = input.region!;
        }

        if (input.defaultAuthMode !== undefined || input.oidc !== undefined || input.additionalAuthModes !== undefined) {
          const mode = input.defaultAuthMode === undefined ? row.default_auth_mode : input.defaultAuthMode;
          const oidc = readOidc(input.oidc === undefined ? row.oidc : input.oidc);
          const problem = validateAuth(mode, oidc);
          if (problem) throw badInput(problem);
          // The issuer and client decide who signs in, so they are part of the method (spec §2).
          const changesMethod = mode !== row.default_auth_mode || JSON.stringify(oidc) !== JSON.stringify(parseOidc(row.oidc) ?? null);
          if (changesMethod && isPublished(row.state))
            throw refuse("BAD_USER_INPUT", "error_api_auth_mode_read_only", "The authentication method cannot change once the project is published.");
          changes.defaultAuthMode = mode!;
          if (input.oidc !== undefined) changes.oidc = oidc ? JSON.stringify(oidc) : null;
          changes.additionalAuthModes = additionalAuthModesFor(
            mode!,
            input.additionalAuthModes ?? row.additional_auth_modes,
            row.creation_type,
          );
        }
        if (input.authProviderClientId !== undefined) changes.authProviderClientId = input.authProviderClientId;
        // Like the model, it takes effect on the next publish (the live version keeps what it was published with).
        if (input.amplifyNames !== undefined && input.amplifyNames !== null) changes.amplifyNames = input.amplifyNames;

        const authMode = changes.defaultAuthMode ?? row.default_auth_mode;
        if (input.schema !== undefined) {
          // Spec §2: table editing is hidden for imported projects; their model comes from elsewhere.
          if (isImported({ creationType: row.creation_type, state: row.state }))
            throw refuse("BAD_USER_INPUT", "error_api_imported_model", "An imported project's model cannot be edited here.");
          const checked = checkDeclaration(input.schema ?? "", { state: row.state, schema: row.schema, authMode });
          if ("problem" in checked) throw modelRefusal(checked.problem);
          changes.schema = JSON.stringify(checked.model);
        } else if (changes.defaultAuthMode !== undefined) {
          const stripped = declarationForAuthMode(row.schema, authMode);
          if (stripped !== null) changes.schema = stripped;
        }

        if (input.awsAccountId !== undefined) {
          // A platform superuser's standing is SUPERUSER (server/access.ts), which has admin permissions.
          if (!hasAdminPermissions(membership.roleType)) throw forbidden();
          if (!input.awsAccountId || !(await isPoolAccount(tx, input.awsAccountId)))
            throw refuse("BAD_USER_INPUT", "error_api_create_requires_awsaccount", "No cloud account could be assigned to the project.");
          changes.awsAccountId = input.awsAccountId;
        }
        if (input.queryExplorerString !== undefined) changes.queryExplorerString = input.queryExplorerString;

        return toApi(await updateApiRow(tx, row.id, changes));
      });
    },
  },
  Api: {
    schema: (api, _, ctx) => schemaOfApi(ctx.db, api),
    authProviderType: async (api, _, ctx) => ((await userPoolOf(ctx, api.id)) ? "COGNITO_USER_POOLS" : null),
    authProviderPoolId: async (api, _, ctx) => (await userPoolOf(ctx, api.id))?.pool_id ?? null,
    authProviderClientId: async (api, _, ctx) => (await userPoolOf(ctx, api.id))?.client_id ?? api.authProviderClientId,
    authProviderUrl: async (api, _, ctx) => ((await userPoolOf(ctx, api.id)) ? `${ctx.origin}/auth` : null),
    // Stored by the publish job with PUBLIC_URL; shown at the address the console was opened at.
    graphqlUrl: (api, _, ctx) => (api.graphqlUrl ? `${ctx.origin}/p/${api.id}/graphql` : null),
    async org(api, _, ctx) {
      const row = await findOrg(ctx.db, api.orgId);
      return row ? toOrg(row) : null;
    },
    viewerCanEditModel: async (api, _, ctx) => {
      if (isImported(api)) return false;
      const membership = await viewerStanding(ctx, api.orgId);
      return membership !== null && canEditApis(membership.permissions);
    },
    viewerCanPublish: async (api, _, ctx) => {
      const membership = await viewerStanding(ctx, api.orgId);
      return membership !== null && canPublishApi(membership.roleType);
    },
    /** Name and authentication of the settings screen: whoever edits projects (DEV and up). */
    viewerCanEditSettings: async (api, _, ctx) => {
      const membership = await viewerStanding(ctx, api.orgId);
      return membership !== null && canEditApis(membership.permissions);
    },
    viewerCanEditApiKeys: async (api, _, ctx) => {
      const membership = await viewerStanding(ctx, api.orgId);
      return membership !== null && canEditApiKeys(membership.roleType, isImported(api));
    },
    viewerCanDeleteApiKeys: async (api, _, ctx) => {
      const membership = await viewerStanding(ctx, api.orgId);
      return membership !== null && canDeleteApiKeys(membership.roleType, isImported(api));
    },
    /** Spec §6: only account owners delete projects (manage-org). */
    viewerCanDelete: async (api, _, ctx) => {
      const membership = await viewerStanding(ctx, api.orgId);
      return membership !== null && canManageOrg(membership.permissions);
    },
  },
};
