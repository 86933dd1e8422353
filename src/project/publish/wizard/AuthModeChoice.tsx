import { useId } from "react";
import { FormattedMessage } from "react-intl";
import type { OidcProblems } from "../../../domain/project";
import { TextField } from "../../../ui/TextField";

/** The modes the wizard offers (spec §9: API key by default, Cognito user pools, OIDC). */
const OFFERED_MODES = ["aws_api_key", "aws_cognito_user_pools", "aws_oidc"];

/**
 * IAM is not offered for new choices, but a project that already uses it (set at creation or
 * import) sees it as its selected card, so the step never shows no method at all (docs/DECISIONS.md).
 */
const modesFor = (storedMode: string) => (storedMode === "aws_iam" ? [...OFFERED_MODES, "aws_iam"] : OFFERED_MODES);

export interface AuthChoice {
  mode: string;
  clientId: string;
  issuerUrl: string;
}

/**
 * The project's user authentication method as option cards; OIDC asks for its client id and
 * issuer. Once published the method is read-only (spec §2), so the cards are shown disabled
 * with a note saying why.
 */
export function AuthModeChoice(props: {
  value: AuthChoice;
  /** The project's saved mode: a mode the wizard no longer offers stays visible as a card. */
  storedMode: string;
  onChange(value: AuthChoice): void;
  /** Shown after a Continue that the domain's rules refused. */
  problems: OidcProblems | null;
  readOnly: boolean;
}) {
  const noteId = useId();
  const { value, problems } = props;
  return (
    <fieldset
      className="wizard-options"
      aria-describedby={props.readOnly ? noteId : undefined}
      data-testid="auth-mode-choice"
    >
      <legend>
        <FormattedMessage id="publish.authMode.legend" />
      </legend>
      {props.readOnly && (
        <p id={noteId} className="wizard-option-hint" data-testid="auth-mode-read-only">
          <FormattedMessage id="publish.authMode.readOnly" />
        </p>
      )}
      {modesFor(props.storedMode).map((mode) => (
        <label key={mode} className="wizard-option">
          <input
            type="radio"
            name="authMode"
            value={mode}
            checked={value.mode === mode}
            disabled={props.readOnly}
            onChange={() => props.onChange({ ...value, mode })}
            data-testid={`auth-mode-${mode}`}
          />
          <span>
            <strong>
              <FormattedMessage id={`publish.authMode.${mode}`} />
            </strong>
            <span className="wizard-option-hint">
              <FormattedMessage id={`publish.authMode.${mode}Hint`} />
            </span>
          </span>
        </label>
      ))}
      {value.mode === "aws_oidc" && (
        <div className="wizard-custom" data-testid="auth-mode-oidc-fields">
          <TextField
            label={<FormattedMessage id="publish.authMode.clientId" />}
            value={value.clientId}
            onChange={(clientId) => props.onChange({ ...value, clientId })}
            error={problems?.clientId && <FormattedMessage id={problems.clientId} />}
            required
            disabled={props.readOnly}
            autoComplete="off"
            data-testid="oidc-client-id"
          />
          <TextField
            label={<FormattedMessage id="publish.authMode.issuerUrl" />}
            value={value.issuerUrl}
            onChange={(issuerUrl) => props.onChange({ ...value, issuerUrl })}
            error={problems?.issuerUrl && <FormattedMessage id={problems.issuerUrl} />}
            hint={<FormattedMessage id="publish.authMode.issuerUrlHint" />}
            type="url"
            required
            disabled={props.readOnly}
            autoComplete="off"
            data-testid="oidc-issuer-url"
          />
        </div>
      )}
    </fieldset>
  );
}
