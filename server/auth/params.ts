import { passwordProblems, isValidEmail, type PasswordRule } from "../../src/domain/account";
import { AuthError, invalidParameter } from "./errors";

export type JsonObject = Record<string, unknown>;

/** Cognito caps most string members at 2048 characters; nothing we accept needs more. */
const MAX_STRING = 2048;
/** Cognito's own password limit; also bounds the hashing work a request can cause. */
const MAX_PASSWORD = 256;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function requireString(body: JsonObject, name: string, max = MAX_STRING): string {
  const value = body[name];
  if (typeof value !== "string" || value === "") throw invalidParameter(`Missing required parameter ${name}`);
  if (value.length > max) throw invalidParameter(`${name} is too long`);
  return value;
}

export function requireObject(body: JsonObject, name: string): JsonObject {
  const value = body[name];
  if (!isObject(value)) throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}

/** `UserAttributes: [{Name, Value}]` as a map; unknown names are the caller's business. */
export function readAttributes(body: JsonObject, name: string, required: boolean): Map<string, string> {
  const value = body[name];
  const attributes = new Map<string, string>();
  if (value === undefined || value === null) {
    if (required) throw invalidParameter(`Missing required parameter ${name}`);
    return attributes;
  }
  if (!Array.isArray(value)) throw invalidParameter(`${name} must be a list`);
  for (const item of value) {
    if (!isObject(item) || typeof item.Name !== "string" || typeof item.Value !== "string") {
      throw invalidParameter(`${name} must hold {Name, Value} pairs of strings`);
    }
    if (item.Value.length > MAX_STRING) throw invalidParameter(`${item.Name} is too long`);
    attributes.set(item.Name, item.Value);
  }
  return attributes;
}

/** The username is the email: compared and stored lowercased. */
export function requireEmail(body: JsonObject, name: string): string {
  const email = requireString(body, name).toLowerCase();
  if (!isValidEmail(email)) throw invalidParameter("Username should be an email.");
  return email;
}

const PROBLEM_TEXT: Record<PasswordRule, string> = {
  length: "Password not long enough",
  lowercase: "Password must have lowercase characters",
  uppercase: "Password must have uppercase characters",
  digit: "Password must have numeric characters",
};

/** A new password, checked against the policy the console shows (src/domain/account.ts). */
export function requireNewPassword(body: JsonObject, name: string): string {
  const password = requireString(body, name, MAX_PASSWORD);
  const [problem] = passwordProblems(password);
  if (problem) {
    throw new AuthError("InvalidPasswordException", `Password does not conform to policy: ${PROBLEM_TEXT[problem]}`);
  }
  return password;
}

/** An existing password: no policy (it may predate it), only the length bound. */
export function requirePassword(body: JsonObject, name: string): string {
  return requireString(body, name, MAX_PASSWORD);
}
