import { useState, type FormEvent } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import type { OrgSettingsScreenQuery } from "../../__generated__/OrgSettingsScreenQuery.graphql";
import { TextField } from "../../ui/TextField";
import { TextAreaField } from "../../ui/TextAreaField";
import { Button } from "../../ui/Button";
import { Alert } from "../../ui/Alert";
import { ErrorMessage } from "../../common/ErrorMessage";
import { DATA_PROCESSING_MAX_LENGTH, ORG_NAME_MAX_LENGTH, parseDataProcessing, validateOrgName, validateOrgWebsite } from "../../domain/org";
import { URL_MAX_LENGTH } from "../../domain/url";
import { useUpdateOrgMutation } from "./useUpdateOrgMutation";
import { OrgDangerZone } from "./OrgDangerZone";
import "../org.css";

export const orgSettingsQuery = graphql`
  query OrgSettingsScreenQuery($orgId: ID!) {
    org(id: $orgId) {
      id
      name
      website
      dataProcessingCategories
      viewerCanManageOrg
      viewerCanDeleteOrg
      billingAccount {
        id
        paymentProviderId
      }
    }
  }
`;

type Values = { name: string; website: string; dataCategories: string; subjectCategories: string };

/**
 * org-settings: account id, workspace name, website and the data-processing record. Save and Cancel
 * appear when something changed and the user can manage the org; the danger zone deletes it.
 */
export default function OrgSettingsScreen(props: { queryRef: PreloadedQuery<OrgSettingsScreenQuery> }) {
  const { org } = usePreloadedQuery<OrgSettingsScreenQuery>(orgSettingsQuery, props.queryRef);
  return org ? <SettingsForm org={org} /> : null;
}

function SettingsForm({ org }: { org: NonNullable<OrgSettingsScreenQuery["response"]["org"]> }) {
  const intl = useIntl();
  const manage = org.viewerCanManageOrg;
  const stored: Values = { name: org.name, website: org.website ?? "", ...parseDataProcessing(org.dataProcessingCategories) };
  const [values, setValues] = useState<Values>(stored);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [updateOrg, saving] = useUpdateOrgMutation();
  const changed = (Object.keys(stored) as (keyof Values)[]).some((key) => values[key] !== stored[key]);
  const nameProblem = validateOrgName(values.name);
  const websiteProblem = validateOrgWebsite(values.website);
  const set = (key: keyof Values) => (value: string) => {
    setSaved(false);
    setValues((before) => ({ ...before, [key]: value }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!manage || nameProblem || websiteProblem) return;
    try {
      await updateOrg({
        id: org.id,
        name: values.name.trim(),
        website: values.website.trim(),
        dataProcessingCategories: JSON.stringify({ dataCategories: values.dataCategories, subjectCategories: values.subjectCategories }),
      });
      setValues((before) => ({ ...before, name: before.name.trim(), website: before.website.trim() }));
      setSaved(true);
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <section className="org-page" data-testid="org-settings-screen">
      <h1>
        <FormattedMessage id="org.settings.title" />
      </h1>
      <form className="card form-card" onSubmit={onSubmit} noValidate>
        {error !== null && (
          <Alert variant="danger" testId="error-alert">
            <ErrorMessage error={error} />
          </Alert>
        )}
        {saved && !changed && (
          <Alert variant="success">
            <FormattedMessage id="org.settings.saved" />
          </Alert>
        )}
        <TextField label={intl.formatMessage({ id: "org.settings.accountId" })} value={org.id} onChange={() => undefined} readOnly name="accountId" />
        <TextField
          label={intl.formatMessage({ id: "org.settings.name" })}
          value={values.name}
          onChange={set("name")}
          readOnly={!manage}
          maxLength={ORG_NAME_MAX_LENGTH}
          name="name"
          error={nameProblem && changed ? intl.formatMessage({ id: nameProblem }) : undefined}
        />
        <TextField
          label={intl.formatMessage({ id: "org.settings.website" })}
          value={values.website}
          onChange={set("website")}
          readOnly={!manage}
          type="url"
          maxLength={URL_MAX_LENGTH}
          placeholder="https://example.com"
          name="website"
          error={websiteProblem && changed ? intl.formatMessage({ id: websiteProblem }) : undefined}
        />
        <h2>
          <FormattedMessage id="org.settings.dataProcessing.title" />
        </h2>
        <p className="field-hint">
          <FormattedMessage id="org.settings.dataProcessing.hint" />
        </p>
        <TextAreaField
          label={intl.formatMessage({ id: "org.settings.dataProcessing.dataCategories" })}
          value={values.dataCategories}
          onChange={set("dataCategories")}
          readOnly={!manage}
          maxLength={DATA_PROCESSING_MAX_LENGTH}
          name="dataCategories"
        />
        <TextAreaField
          label={intl.formatMessage({ id: "org.settings.dataProcessing.subjectCategories" })}
          value={values.subjectCategories}
          onChange={set("subjectCategories")}
          readOnly={!manage}
          maxLength={DATA_PROCESSING_MAX_LENGTH}
          name="subjectCategories"
        />
        {manage && changed && (
          <div className="form-actions">
            <Button onClick={() => setValues(stored)} data-testid="cancel-settings">
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button type="submit" variant="primary" busy={saving} disabled={nameProblem !== null || websiteProblem !== null} data-testid="save-settings">
              <FormattedMessage id="common.save" />
            </Button>
          </div>
        )}
      </form>
      {manage && <OrgDangerZone org={org} canDelete={org.viewerCanDeleteOrg} />}
    </section>
  );
}
