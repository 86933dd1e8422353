import { useId, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { PASSWORD_MIN_LENGTH, passwordProblems, type PasswordRule } from "../domain/account";
import { TextField } from "../ui/TextField";

const RULES: PasswordRule[] = ["length", "lowercase", "uppercase", "digit"];

/**
 * A password being chosen, with the policy as a checklist that ticks off while typing, the same
 * on every form that sets a password. Sign-in uses a plain field: old passwords may predate the policy.
 */
export function PasswordField(props: { labelId: string; value: string; onChange(value: string): void; error?: ReactNode }) {
  const intl = useIntl();
  const rulesId = useId();
  const problems = passwordProblems(props.value);
  return (
    <>
      <TextField
        label={intl.formatMessage({ id: props.labelId })}
        type="password"
        autoComplete="new-password"
        value={props.value}
        onChange={props.onChange}
        error={props.error}
        aria-details={rulesId}
      />
      <div id={rulesId} className="field-hint password-rules" data-testid="password-rules">
        <FormattedMessage id="auth.password.rules" />
        <ul>
          {RULES.map((rule) => {
            const met = !problems.includes(rule);
            return (
              <li key={rule} className={met ? "password-rule-met" : "password-rule-missing"} data-met={met}>
                <FormattedMessage
                  id="auth.password.rule.item"
                  values={{
                    rule: <FormattedMessage id={`auth.password.rule.${rule}`} values={{ min: PASSWORD_MIN_LENGTH }} />,
                    // Screen readers hear whether the rule is met; sighted users see the style.
                    status: (
                      <span className="visually-hidden">
                        <FormattedMessage id={met ? "auth.password.rule.met" : "auth.password.rule.missing"} />
                      </span>
                    ),
                  }}
                />
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
