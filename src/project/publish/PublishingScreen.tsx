import { useEffect, useRef } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import type { PublishingScreenQuery } from "../../__generated__/PublishingScreenQuery.graphql";
import { isPublishing } from "../../domain/apiState";
import { publishStepStatuses, PUBLISH_STEPS } from "../../domain/publish/progress";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { useAnnounce } from "../../ui/LiveRegion";
import { useSession } from "../../session/sessionState";
import { PublishProgress } from "./PublishProgress";
import { useApiStateUpdates } from "./useApiStateUpdates";
import { useCheckoutSubscription } from "./wizard/useCheckoutSubscription";
import { ErrorMessage } from "../../common/ErrorMessage";
import "./publish.css";

const publishingQuery = graphql`
  query PublishingScreenQuery($apiId: ID!) {
    api(id: $apiId) {
      id
      name
      state
      graphqlUrl
      hasUnpublishedChanges
      latestPublishRun {
        id
        status
        failureMessageId
        failureValues
      }
    }
  }
`;

/**
 * project-setup-publishing: the 3-step progress bar, live over onUpdateApi, each step's change
 * announced; on PUBLISHED or PUBLISHING_FAILED it stops listening and reloads the project.
 * Close goes to project-overview, or to the workspace's projects when there is no project (§2).
 */
export default function PublishingScreen(props: { queryRef: PreloadedQuery<PublishingScreenQuery> }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const announce = useAnnounce();
  const { api } = usePreloadedQuery<PublishingScreenQuery>(publishingQuery, props.queryRef);
  const apiId = api?.id ?? "";
  const state = api?.state ?? "INITIALIZED";
  const seen = useApiStateUpdates<PublishingScreenQuery>(apiId, api !== null && isPublishing(state), {
    query: publishingQuery,
    variables: { apiId },
  });
  const lastProgressState = [...seen].reverse().find(isPublishing) ?? null;
  const { session_id: sessionId } = useSearch({ strict: false });
  const checkout = useCheckoutSubscription(api ? { id: api.id, state } : null, sessionId);
  const checkoutError = checkout.error;

  // Each step that starts, ends or fails is read out once, without moving the focus.
  const statuses = publishStepStatuses(state, lastProgressState);
  const spoken = PUBLISH_STEPS.map((step) =>
    intl.formatMessage(
      { id: "publish.progress.announce" },
      { step: intl.formatMessage({ id: `publish.step.${step}` }), status: intl.formatMessage({ id: `publish.stepStatus.${statuses[step]}` }) },
    ),
  );
  const current = PUBLISH_STEPS.findIndex((step) => statuses[step] === "inProgress" || statuses[step] === "failed");
  const announcement = state === "PUBLISHED" ? intl.formatMessage({ id: "publish.progress.published" }) : current >= 0 ? spoken[current] : "";
  const lastAnnounced = useRef("");
  useEffect(() => {
    if (!announcement || announcement === lastAnnounced.current) return;
    lastAnnounced.current = announcement;
    announce(announcement);
  }, [announce, announcement]);

  // The heading says what is happening now: a finished or failed run no longer "takes a moment".
  const phase = checkout.subscribing ? "Subscribing" : state === "PUBLISHED" ? "Done" : state === "PUBLISHING_FAILED" ? "Failed" : "";

  const { activeOrgId } = useSession();
  const close = () => {
    if (api) return navigate({ to: "/api/$apiId/overview", params: { apiId: api.id } });
    return activeOrgId ? navigate({ to: "/org/$orgId/apis", params: { orgId: activeOrgId } }) : navigate({ to: "/" });
  };

  return (
    <section className="card publish-card" data-testid="publishing-screen">
      <h1>
        <FormattedMessage id={`publish.progress.title${phase}`} values={{ name: api?.name ?? "" }} />
      </h1>
      <p data-testid="publishing-subtitle">
        <FormattedMessage id={`publish.progress.subtitle${phase}`} />
      </p>
      {api && !checkout.subscribing && <PublishProgress state={state} lastProgressState={lastProgressState} />}
      {state === "PUBLISHED" && api?.graphqlUrl && (
        <p className="publish-live" data-testid="publish-live">
          <FormattedMessage id="publish.progress.liveAt" values={{ url: <code>{api.graphqlUrl}</code> }} />
        </p>
      )}
      {checkoutError !== null && (
        <Alert variant="danger" testId="publish-checkout-error">
          <ErrorMessage error={checkoutError} />
        </Alert>
      )}
      {state === "PUBLISHING_FAILED" && (
        <Alert variant="danger" testId="publish-failed">
          <FormattedMessage id="url_widget_publish_failed" />
          {api?.latestPublishRun?.failureMessageId && (
            <p data-testid="publish-failed-reason">
              <PublishFailureReason messageId={api.latestPublishRun.failureMessageId} values={api.latestPublishRun.failureValues} />
            </p>
          )}
        </Alert>
      )}
      {!api && (
        <Alert variant="danger" testId="route-error">
          <FormattedMessage id="error_not_found" />
        </Alert>
      )}
      <div className="publish-actions">
        <Button variant={isPublishing(state) ? "secondary" : "primary"} onClick={() => void close()} data-testid="publishing-close">
          <FormattedMessage id="publish.progress.close" />
        </Button>
      </div>
    </section>
  );
}

/** Why the run failed, in the user's language: the server's translation key with its values. */
function PublishFailureReason(props: { messageId: string; values: string | null | undefined }) {
  const intl = useIntl();
  const values = props.values ? (JSON.parse(props.values) as Record<string, string | number>) : {};
  const reason = intl.messages[props.messageId] ? intl.formatMessage({ id: props.messageId }, values) : props.messageId;
  return <FormattedMessage id="publish.progress.failedReason" values={{ reason }} />;
}
