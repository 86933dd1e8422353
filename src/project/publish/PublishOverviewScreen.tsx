import { useState } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { Link, useNavigate } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import type { PublishOverviewScreenQuery } from "../../__generated__/PublishOverviewScreenQuery.graphql";
import { isImported, isPublishing } from "../../domain/apiState";
import { regionName } from "../../domain/regions";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ErrorMessage } from "../../common/ErrorMessage";
import { useCreatePublishRunMutation } from "./useCreatePublishRunMutation";
import { PublishHistory } from "./PublishHistory";
import { TablesFact } from "./TablesFact";
import "./publish.css";

const overviewQuery = graphql`
  query PublishOverviewScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      id
      name
      state
      creationType
      region
      defaultAuthMode
      schema
      graphqlUrl
      viewerCanPublish
      plan
      ...PublishHistory_api
    }
  }
`;

/**
 * project-setup-overview: what will be published (tables, authentication, region). Publish
 * saves the schema, starts publishing and opens the publishing screen (spec §2 'Overview');
 * below it the publishing history with republish.
 */
export default function PublishOverviewScreen(props: { queryRef: PreloadedQuery<PublishOverviewScreenQuery> }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { api } = usePreloadedQuery<PublishOverviewScreenQuery>(overviewQuery, props.queryRef);
  const [publish, busy] = useCreatePublishRunMutation();
  const [error, setError] = useState<unknown>(null);

  if (!api) {
    return (
      <Alert variant="danger" testId="route-error">
        <FormattedMessage id="error_not_found" />
      </Alert>
    );
  }
  const toPublishing = () => navigate({ to: "/api-setup/$apiId/publishing", params: { apiId: api.id } });

  const onPublish = async () => {
    setError(null);
    try {
      await publish(api.id, api.schema);
      // Spec §2: 'For an imported project it goes to the overview page instead.'
      if (isImported(api)) await navigate({ to: "/api/$apiId/overview", params: { apiId: api.id } });
      else await toPublishing();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <section className="card publish-card" data-testid="publish-overview">
      <h1>
        <FormattedMessage id="publish.overview.title" values={{ name: api.name }} />
      </h1>
      <p>
        <FormattedMessage id="publish.overview.subtitle" />
      </p>
      {error !== null && (
        <Alert variant="danger" testId="publish-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
      <dl className="publish-facts">
        <TablesFact schema={api.schema} testId="publish-tables" />
        <dt>
          <FormattedMessage id="project.header.authMode" />
        </dt>
        <dd>{intl.formatMessage({ id: `project.authMode.${api.defaultAuthMode}` })}</dd>
        <dt>
          <FormattedMessage id="project.header.region" />
        </dt>
        <dd>{regionName(api.region)}</dd>
        <dt>
          <FormattedMessage id="publish.overview.plan" />
        </dt>
        <dd data-testid="publish-plan">
          {api.plan ? <FormattedMessage id={`publish.plan.${api.plan}`} /> : <FormattedMessage id="publish.overview.noPlan" />}
        </dd>
      </dl>
      <div className="publish-actions">
        {isPublishing(api.state) ? (
          <Button variant="primary" onClick={() => void toPublishing()}>
            <FormattedMessage id="publish.button.viewProgress" />
          </Button>
        ) : (
          <Button variant="primary" busy={busy} disabled={!api.viewerCanPublish} onClick={() => void onPublish()} data-testid="publish-submit">
            <FormattedMessage id={api.graphqlUrl ? "publish.button.publishChanges" : "publish.button.publish"} />
          </Button>
        )}
        <Link to="/api/$apiId/data" params={{ apiId: api.id }} className="btn btn-link">
          <FormattedMessage id="publish.overview.back" />
        </Link>
      </div>
      <PublishHistory api={api} />
    </section>
  );
}
