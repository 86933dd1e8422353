import { useState, type FormEvent } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { Link, useNavigate } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import type { PublishRegionScreenQuery } from "../../../__generated__/PublishRegionScreenQuery.graphql";
import type { mutationsSaveRegionMutation } from "../../../__generated__/mutationsSaveRegionMutation.graphql";
import { DEFAULT_REGION, REGIONS } from "../../../domain/regions";
import { useMutate } from "../../../relay/mutate";
import { Alert } from "../../../ui/Alert";
import { Button } from "../../../ui/Button";
import { ErrorMessage } from "../../../common/ErrorMessage";
import { WizardStep } from "./WizardSteps";
import { saveRegionMutation } from "./mutations";
import "../publish.css";

const regionQuery = graphql`
  query PublishRegionScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      id
      region
      viewerCanEditModel
    }
  }
`;

/**
 * project-publish-region, step 2 of 3: the 16 regions of spec §9 as cards (a radio group, so
 * arrow keys move between them), Frankfurt unless the project has another; saved on the project.
 */
export default function PublishRegionScreen(props: { queryRef: PreloadedQuery<PublishRegionScreenQuery> }) {
  const navigate = useNavigate();
  const { api } = usePreloadedQuery<PublishRegionScreenQuery>(regionQuery, props.queryRef);
  const [region, setRegion] = useState<string>(api?.region || DEFAULT_REGION);
  const [error, setError] = useState<unknown>(null);
  const [save, saving] = useMutate<mutationsSaveRegionMutation>(saveRegionMutation);

  if (!api) {
    return (
      <Alert variant="danger" testId="route-error">
        <FormattedMessage id="error_not_found" />
      </Alert>
    );
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await save({ input: { id: api.id, region } });
      await navigate({ to: "/project-publish/$apiId/bundles", params: { apiId: api.id } });
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <form className="card publish-card publish-card-wide" onSubmit={(event) => void onSubmit(event)} data-testid="publish-region">
      <WizardStep step={2} />
      <h1>
        <FormattedMessage id="publish.region.title" />
      </h1>
      <p>
        <FormattedMessage id="publish.region.subtitle" />
      </p>
      {error !== null && (
        <Alert variant="danger" testId="publish-region-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
      <fieldset className="region-cards">
        <legend className="visually-hidden">
          <FormattedMessage id="publish.region.title" />
        </legend>
        {REGIONS.map((candidate) => (
          <label key={candidate.code} className="choice-card" data-selected={candidate.code === region} data-testid={`region-${candidate.code}`}>
            <input type="radio" name="region" value={candidate.code} checked={candidate.code === region} onChange={() => setRegion(candidate.code)} />
            <strong>{candidate.name}</strong>
            <span className="choice-card-detail">
              <FormattedMessage id={`publish.region.area.${candidate.area.replace(/\s+/g, "")}`} /> · {candidate.code}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="publish-actions">
        <Button type="submit" variant="primary" busy={saving} disabled={!api.viewerCanEditModel} data-testid="wizard-next">
          <FormattedMessage id="publish.wizard.next" />
        </Button>
        <Link to="/project-publish/$apiId/auth" params={{ apiId: api.id }} className="btn btn-link" data-testid="wizard-back">
          <FormattedMessage id="publish.wizard.back" />
        </Link>
      </div>
    </form>
  );
}
