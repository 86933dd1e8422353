import { useMemo, useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import type { BillingForm_billingAccount$key } from "../../__generated__/BillingForm_billingAccount.graphql";
import { TextField } from "../../ui/TextField";
import { SelectField } from "../../ui/SelectField";
import { Button } from "../../ui/Button";
import { Alert } from "../../ui/Alert";
import { ErrorMessage } from "../../common/ErrorMessage";
import { ApiError } from "../../relay/errors";
import { billingProblems, normalizeBillingDetails, parseBillingAddress, requiresVatId, type BillingField } from "../../domain/billing";
import { useLocale } from "../../i18n/I18nProvider";
import { countryOptions } from "./countries";
import { useSaveBillingAccountMutation } from "./useSaveBillingAccountMutation";

type Values = Record<BillingField | "line2", string>;

function valuesOf(account: { name: string; billingEmail: string; billingAddress: string | null | undefined; vatId: string | null | undefined } | null | undefined): Values {
  const address = parseBillingAddress(account?.billingAddress);
  return {
    name: account?.name ?? "",
    billingEmail: account?.billingEmail ?? "",
    country: address.country,
    line1: address.line1,
    line2: address.line2,
    postalCode: address.postalCode,
    city: address.city,
    vatId: account?.vatId ?? "",
  };
}

/**
 * The billing address form, checked in the spec's order (name, email, country, address, VAT
 * id). Editable with manage-org, read-only otherwise; problems and save errors show in the
 * danger alert.
 */
export function BillingForm(props: {
  orgId: string;
  account: BillingForm_billingAccount$key | null | undefined;
  manage: boolean;
  /** Told after a successful save, so a screen around the form can drop what the save answered. */
  onSaved?: () => void;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const account = useFragment(
    graphql`
      fragment BillingForm_billingAccount on BillingAccount {
        id
        name
        billingEmail
        billingAddress
        vatId
        paymentProviderId
      }
    `,
    props.account,
  );
  const stored = useMemo(() => valuesOf(account), [account]);
  const [values, setValues] = useState<Values>(stored);
  const [problemField, setProblemField] = useState<BillingField | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [save, saving] = useSaveBillingAccountMutation(props.orgId, account);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const readOnly = !props.manage;

  const field = (key: keyof Values) => ({
    value: values[key],
    onChange: (value: string) => {
      setSaved(false);
      setValues((before) => ({ ...before, [key]: value }));
    },
    readOnly,
    name: key,
    "aria-invalid": problemField === key ? true : undefined,
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaved(false);
    const details = normalizeBillingDetails({
      name: values.name,
      billingEmail: values.billingEmail,
      address: { country: values.country, line1: values.line1, line2: values.line2, postalCode: values.postalCode, city: values.city },
      vatId: values.vatId,
    });
    const [problem] = billingProblems(details);
    setProblemField(problem?.field ?? null);
    if (problem) {
      setError(new ApiError(problem.messageId, problem.messageId));
      return;
    }
    try {
      await save({
        name: details.name,
        billingEmail: details.billingEmail,
        billingAddress: JSON.stringify(details.address),
        vatId: details.vatId,
      });
      setValues(valuesOf({ ...details, billingAddress: JSON.stringify(details.address) }));
      setSaved(true);
      props.onSaved?.();
    } catch (caught) {
      setError(caught);
    }
  };

  const reset = () => {
    setValues(stored);
    setProblemField(null);
    setError(null);
    setSaved(false);
  };

  return (
    <form className="card form-card billing-form" onSubmit={onSubmit} noValidate data-testid="billing-form">
      <h2>
        <FormattedMessage id="org.billing.details" />
      </h2>
      {error !== null && (
        <Alert variant="danger" testId="error-alert">
          <ErrorMessage error={error} />
        </Alert>
      )}
      {saved && (
        <Alert variant="success" testId="billing-saved">
          <FormattedMessage id="org.billing.saved" />
        </Alert>
      )}
      <TextField label={intl.formatMessage({ id: "org.billing.name" })} maxLength={255} {...field("name")} />
      <TextField label={intl.formatMessage({ id: "org.billing.email" })} type="email" maxLength={254} {...field("billingEmail")} />
      <SelectField
        label={intl.formatMessage({ id: "org.billing.country" })}
        placeholder={intl.formatMessage({ id: "org.billing.chooseCountry" })}
        options={countries}
        value={values.country}
        onChange={field("country").onChange}
        disabled={readOnly}
        name="country"
        aria-invalid={problemField === "country" ? true : undefined}
      />
      <TextField label={intl.formatMessage({ id: "org.billing.line1" })} maxLength={255} {...field("line1")} />
      <TextField label={intl.formatMessage({ id: "org.billing.line2" })} maxLength={255} {...field("line2")} />
      <div className="field-row">
        <TextField label={intl.formatMessage({ id: "org.billing.postalCode" })} maxLength={32} {...field("postalCode")} />
        <TextField label={intl.formatMessage({ id: "org.billing.city" })} maxLength={255} {...field("city")} />
      </div>
      <TextField
        label={intl.formatMessage({ id: "org.billing.vatId" })}
        maxLength={32}
        hint={requiresVatId(values.country) ? intl.formatMessage({ id: "org.billing.vatIdRequired" }) : undefined}
        {...field("vatId")}
      />
      {props.manage && (
        <div className="form-actions">
          <Button onClick={reset} data-testid="cancel-billing">
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant="primary" busy={saving} data-testid="save-billing">
            <FormattedMessage id="common.save" />
          </Button>
        </div>
      )}
    </form>
  );
}
