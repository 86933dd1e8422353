import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import type { PublishWidget_api$key } from "../../__generated__/PublishWidget_api.graphql";
import { publishButton, publishWidgetCase, type PublishButtonTarget } from "../../domain/publish/progress";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { useAnnounce } from "../../ui/LiveRegion";
import "./publish.css";

const TARGETS: Record<PublishButtonTarget, string> = {
  publishing: "/api-setup/$apiId/publishing",
  overview: "/api-setup/$apiId/overview",
  publishAuth: "/project-publish/$apiId/auth",
};

/**
 * The project's publish widget (spec §2 'Project dashboard and publish widget'): a hint before
 * the first publish, a spinner while publishing, the failure, unpublished changes, or the live
 * URL with a copy button; and the publish button with the label and target the spec gives it.
 */
export function PublishWidget(props: { api: PublishWidget_api$key }) {
  const api = useFragment(
    graphql`
      fragment PublishWidget_api on Api {
        id
        state
        creationType
        graphqlUrl
        hasUnpublishedChanges
        viewerCanPublish
      }
    `,
    props.api,
  );
  const input = { state: api.state, creationType: api.creationType, graphqlUrl: api.graphqlUrl ?? null, unpublishedChanges: api.hasUnpublishedChanges };
  const widgetCase = publishWidgetCase(input);
  const button = api.viewerCanPublish ? publishButton(input) : null;

  return (
    <div className="publish-widget" data-case={widgetCase} data-testid="publish-widget">
      {widgetCase === "unpublished" && (
        <span className="publish-widget-text">
          <FormattedMessage id="publish.widget.hint" />
        </span>
      )}
      {widgetCase === "publishing" && (
        <span className="publish-widget-text">
          <Spinner />
          <FormattedMessage id="publish.widget.publishing" />
        </span>
      )}
      {widgetCase === "failed" && (
        <span className="publish-widget-text publish-widget-failed">
          <FormattedMessage id="url_widget_publish_failed" />
        </span>
      )}
      {widgetCase === "changes" && (
        <span className="publish-widget-text">
          <FormattedMessage id="publish.widget.changes" />
        </span>
      )}
      {widgetCase === "live" && api.graphqlUrl && <LiveUrl url={api.graphqlUrl} />}
      {button && (
        <Link to={TARGETS[button.target]} params={{ apiId: api.id }} className="btn btn-primary" data-testid="publish-button">
          <FormattedMessage id={`publish.button.${button.label}`} />
        </Link>
      )}
    </div>
  );
}

/** The live GraphQL URL and a button that copies it (spec §7 Other: 'A clipboard write for the URL'). */
function LiveUrl(props: { url: string }) {
  const intl = useIntl();
  const announce = useAnnounce();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.url);
      setCopied(true);
      announce(intl.formatMessage({ id: "publish.widget.copied" }));
    } catch {
      // Spec §8: clipboard errors are logged only.
      console.warn("copying the URL failed");
    }
  };
  return (
    <span className="publish-widget-text">
      <code data-testid="publish-url">{props.url}</code>
      <Button onClick={() => void copy()} data-testid="publish-copy-url">
        <FormattedMessage id={copied ? "publish.widget.copied" : "publish.widget.copy"} />
      </Button>
    </span>
  );
}
