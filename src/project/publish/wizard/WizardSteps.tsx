import { FormattedMessage } from "react-intl";

/** 'Step n of 3' above a wizard screen (spec §2 'Publish wizard'). */
export function WizardStep(props: { step: 1 | 2 | 3 }) {
  return (
    <p className="wizard-step" data-testid="wizard-step">
      <FormattedMessage id="setup.step" values={{ step: props.step, total: 3 }} />
    </p>
  );
}
