import { hasDirective } from "../model/directives";
import { isUsersTable } from "../model/publishing";
import type { ObjectType, SchemaModel } from "../model/types";
import { parseOidc, validateAuth, validateRegion, type AuthProblem } from "../project";

/** The refusals of spec §5 'Projects' that only publishing checks, by their translation keys. */
export type PublishProblem =
  | "error_api_create_requires_awsaccount"
  | "error_api_create_requires_region"
  | AuthProblem
  | "error_api_create_requires_types"
  | "error_api_create_requires_usertype";

export interface PublishableApi {
  awsAccountId: string | null;
  region: string | null;
  defaultAuthMode: string | null;
  /** Api.oidc as JSON text. */
  oidc: string | null;
}

/** Spec §5: the email field is of type Email with the email directive, the password a String with the password directive. */
const isEmailField = (objectType: ObjectType) =>
  objectType.fields.some((field) => field.type === "Email" && hasDirective(field.directives, "userEmail"));
const isPasswordField = (objectType: ObjectType) =>
  objectType.fields.some((field) => field.type === "String" && hasDirective(field.directives, "userPassword"));

/** 'A user table must be set up at publish': the users table with its email and password fields. */
export const hasUsableUsersTable = (model: SchemaModel) =>
  model.objectTypes.some((objectType) => isUsersTable(objectType) && isEmailField(objectType) && isPasswordField(objectType));

/**
 * Why a project cannot be published, in the order spec §5 lists the rules; null when it can.
 * The model itself must also pass validateModel — publishing checks both.
 */
export function publishProblem(api: PublishableApi, model: SchemaModel): PublishProblem | null {
  if (!api.awsAccountId) return "error_api_create_requires_awsaccount";
  const regionProblem = validateRegion(api.region);
  if (regionProblem) return regionProblem;
  const oidc = parseOidc(api.oidc);
  const authProblem = validateAuth(api.defaultAuthMode, oidc === undefined ? null : oidc);
  if (authProblem) return authProblem;
  if (!model.objectTypes.some((objectType) => objectType.name.trim() !== "")) return "error_api_create_requires_types";
  if (!hasUsableUsersTable(model)) return "error_api_create_requires_usertype";
  return null;
}
