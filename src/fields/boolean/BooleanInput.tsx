import { useIntl } from "react-intl";
import { ChoiceSelect } from "../ChoiceSelect";
import type { FieldInputProps } from "../fieldKindUi";

/** true or false, labelled in the user's language; the value typed is still "true" or "false". */
export function BooleanInput(props: FieldInputProps) {
  const intl = useIntl();
  const choices = ["true", "false"].map((value) => ({ value, label: intl.formatMessage({ id: `data.filter.${value}` }) }));
  return <ChoiceSelect {...props} choices={choices} />;
}
