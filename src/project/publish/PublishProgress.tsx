import { FormattedMessage, useIntl } from "react-intl";
import { PUBLISH_STEPS, publishStepStatuses } from "../../domain/publish/progress";

/** The 3-step progress bar (spec §4 'Progress steps'): Prepare Stack, Create Schema, Deploy Resolvers. */
export function PublishProgress(props: { state: string; lastProgressState: string | null }) {
  const intl = useIntl();
  const statuses = publishStepStatuses(props.state, props.lastProgressState);
  const done = PUBLISH_STEPS.filter((step) => statuses[step] === "done").length;
  return (
    <div className="publish-progress">
      <progress
        className="publish-progress-bar"
        max={PUBLISH_STEPS.length}
        value={done}
        aria-label={intl.formatMessage({ id: "publish.progress.label" })}
      />
      <ol className="publish-steps">
        {PUBLISH_STEPS.map((step, index) => (
          <li key={step} className="publish-step" data-status={statuses[step]} data-testid={`publish-step-${step}`}>
            <span className="publish-step-number" aria-hidden="true">
              {statuses[step] === "done" ? "✓" : statuses[step] === "failed" ? "✕" : index + 1}
            </span>
            <span className="publish-step-name">
              <FormattedMessage id={`publish.step.${step}`} />
            </span>
            <span className="publish-step-status">
              <FormattedMessage id={`publish.stepStatus.${statuses[step]}`} />
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
