import { useId, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { useLocale } from "../i18n/I18nProvider";
import { publicSiteUrl } from "./publicSite";

/** "I accept the terms of service", linking to the terms in the console's language. */
export function TermsCheckbox(props: { labelId: string; checked: boolean; onChange(checked: boolean): void; error?: ReactNode }) {
  const { locale } = useLocale();
  const errorId = useId();
  return (
    <>
      <label className="checkbox">
        <input
          type="checkbox"
          name="terms"
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
        />
        <span>
          <FormattedMessage
            id={props.labelId}
            values={{
              link: (chunks) => (
                <a href={publicSiteUrl("/terms", locale)} target="_blank" rel="noreferrer">
                  {chunks}
                </a>
              ),
            }}
          />
        </span>
      </label>
      {props.error && (
        <div id={errorId} className="field-error" role="alert">
          {props.error}
        </div>
      )}
    </>
  );
}
