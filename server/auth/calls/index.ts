import type { AuthContext } from "../context";
import type { JsonObject } from "../params";
import {
  getUser,
  getUserAttributeVerificationCode,
  updateUserAttributes,
  verifyUserAttribute,
} from "./attributes";
import { changePassword, confirmForgotPassword, forgotPassword } from "./password";
import { initiateAuth, respondToAuthChallenge } from "./signIn";
import { confirmSignUp, resendConfirmationCode, signUp } from "./signUp";
import { globalSignOut, revokeToken } from "./signOut";

/** `source` is the caller's address, for limits and sign-in throttling. */
type Call = (ctx: AuthContext, body: JsonObject, source: string) => Promise<object>;

/** The operations of `X-Amz-Target: AWSCognitoIdentityProviderService.<name>` we answer. */
export const calls = new Map<string, Call>([
  ["SignUp", signUp],
  ["ConfirmSignUp", confirmSignUp],
  ["ResendConfirmationCode", resendConfirmationCode],
  ["InitiateAuth", initiateAuth],
  ["RespondToAuthChallenge", respondToAuthChallenge],
  ["ForgotPassword", forgotPassword],
  ["ConfirmForgotPassword", confirmForgotPassword],
  ["ChangePassword", changePassword],
  ["GetUser", getUser],
  ["UpdateUserAttributes", updateUserAttributes],
  ["GetUserAttributeVerificationCode", getUserAttributeVerificationCode],
  ["VerifyUserAttribute", verifyUserAttribute],
  ["GlobalSignOut", globalSignOut],
  ["RevokeToken", revokeToken],
]);
