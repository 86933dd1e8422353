import { useState, type FormEvent } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { Link, useNavigate } from "@tanstack/react-router";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import type { RepublishScreenQuery } from "../../__generated__/RepublishScreenQuery.graphql";
import { isPublishing } from "../../domain/apiState";
import { isRepublishConfirmed, REPUBLISH_WORD } from "../../domain/publish/republish";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { TextField } from "../../ui/TextField";
import { ErrorMessage } from "../../common/ErrorMessage";
import { NotFoundScreen } from "../../common/NotFoundScreen";
import { useCreatePublishRunMutation } from "./useCreatePublishRunMutation";
import { TablesFact } from "./TablesFact";
import "./publish.css";

export const republishQuery = graphql`
  query RepublishScreenQuery($apiId: ID!, $version: Int!) {
    api(id: $apiId) {
      id
      name
      state
      hasUnpublishedChanges
      viewerCanPublish
      publishRun(schemaVersion: $version) {
        id
        schemaVersion
        status
        createdAt
        schema
      }
    }
  }
`;

/**
 * The republish route (spec §2, §4): one earlier version, its tables, and Republish after the
 * word 'republish' is typed (§5). With unpublished changes a confirmation comes first, since they
 * are discarded; then that version's schema is saved and published, and the publishing page opens.
 */
export default function RepublishScreen(props: { queryRef: PreloadedQuery<RepublishScreenQuery> }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { api } = usePreloadedQuery<RepublishScreenQuery>(republishQuery, props.queryRef);
  const [publish, busy] = useCreatePublishRunMutation();
  const [typed, setTyped] = useState("");
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const run = api?.publishRun;
  // A version the project never published (or a project the viewer cannot see).
  if (!api || !run) return <NotFoundScreen />;
  const confirmed = isRepublishConfirmed(typed);

  const republish = async () => {
    setAsking(false);
    setError(null);
    try {
      await publish(api.id, undefined, { version: run.schemaVersion, confirmation: typed });
      await navigate({ to: "/api-setup/$apiId/publishing", params: { apiId: api.id } });
    } catch (caught) {
      setError(caught);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    if (api.hasUnpublishedChanges) setAsking(true);
    else void republish();
  };

  return (
    <section className="card publish-card" data-testid="republish">
      <h1>
        <FormattedMessage id="publish.republish.title" values={{ version: run.schemaVersion, name: api.name }} />
      </h1>
      <p>
        <FormattedMessage
          id="publish.republish.subtitle"
          values={{
            date: <FormattedDate value={run.createdAt} dateStyle="medium" timeStyle="short" />,
            status: intl.formatMessage({ id: `publish.history.status.${run.status}` }),
          }}
        />
      </p>
      <dl className="publish-facts">
        <TablesFact schema={run.schema} testId="republish-tables" />
      </dl>
      {api.hasUnpublishedChanges && (
        <Alert variant="info" testId="republish-discards">
          <FormattedMessage id="publish.republish.discards" />
        </Alert>
      )}
      {error !== null && (
        <Alert variant="danger" testId="republish-error">
          <ErrorMessage error={error} />
        </Alert>
      )}
      {isPublishing(api.state) ? (
        <div className="publish-actions">
          <Link to="/api-setup/$apiId/publishing" params={{ apiId: api.id }} className="btn btn-primary">
            <FormattedMessage id="publish.button.viewProgress" />
          </Link>
        </div>
      ) : api.viewerCanPublish ? (
        <form onSubmit={onSubmit} noValidate>
          <TextField
            label={intl.formatMessage({ id: "publish.republish.confirmLabel" }, { word: REPUBLISH_WORD })}
            value={typed}
            onChange={setTyped}
            autoComplete="off"
            spellCheck={false}
            data-testid="republish-confirm"
          />
          <div className="publish-actions">
            <Button type="submit" variant="primary" busy={busy} disabled={!confirmed} data-testid="republish-submit">
              <FormattedMessage id="publish.republish.submit" />
            </Button>
            <Link to="/api-setup/$apiId/overview" params={{ apiId: api.id }} className="btn btn-link">
              <FormattedMessage id="publish.republish.back" />
            </Link>
          </div>
        </form>
      ) : (
        <p className="field-hint" data-testid="republish-requires-role">
          <FormattedMessage id="publish.republish.requiresRole" />
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={<FormattedMessage id="publish.republish.confirmTitle" />}
          confirmLabel={<FormattedMessage id="publish.republish.submit" />}
          onConfirm={() => void republish()}
          onCancel={() => setAsking(false)}
          testId="republish-discard-dialog"
        >
          <p>
            <FormattedMessage id="publish.republish.confirmText" values={{ version: run.schemaVersion }} />
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
