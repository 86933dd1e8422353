/**
 * A refusal in Cognito's wire shape. amazon-cognito-identity-js copies `__type` into `err.code`
 * and the console switches on it, so the names are Cognito's exception names, unchanged.
 */
export class AuthError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}

export const invalidParameter = (message: string) => new AuthError("InvalidParameterException", message);

/** Cognito's wording for a wrong password and for an unknown user alike, so neither is revealed. */
export const notAuthorized = (message = "Incorrect username or password.") =>
  new AuthError("NotAuthorizedException", message);

export const limitExceeded = () =>
  new AuthError("LimitExceededException", "Attempt limit exceeded, please try after some time.");

export const codeMismatch = () =>
  new AuthError("CodeMismatchException", "Invalid verification code provided, please try again.");

export const expiredCode = () =>
  new AuthError("ExpiredCodeException", "Invalid code provided, please request a code again.");

export const aliasExists = () =>
  new AuthError("AliasExistsException", "An account with the given email already exists.");
