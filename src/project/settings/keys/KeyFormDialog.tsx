import { useId, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { CreateApiKeyInput, keyMutationsCreateMutation } from "../../../__generated__/keyMutationsCreateMutation.graphql";
import type { UpdateApiKeyInput, keyMutationsUpdateMutation } from "../../../__generated__/keyMutationsUpdateMutation.graphql";
import { API_KEY_DEFAULT_DAYS, API_KEY_DESCRIPTION_MAX_LENGTH, API_KEY_MAX_DAYS, API_KEY_MIN_DAYS, apiKeyDescriptionProblem, apiKeyExpiryProblem } from "../../../domain/apiKeys";
import { useMutate } from "../../../relay/mutate";
import { Alert } from "../../../ui/Alert";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { TextField } from "../../../ui/TextField";
import { ErrorMessage } from "../../../common/ErrorMessage";
import { createKeyMutation, updateKeyMutation } from "./keyMutations";

const DAY_S = 86_400;

/** The days field as epoch seconds (spec §7 'expires as epoch time plus days'); null when left empty. */
const expiresFrom = (days: string) => (days.trim() === "" ? null : Math.floor(Date.now() / 1000) + Number(days) * DAY_S);

/**
 * The API key form (spec §5): description and expiry in days, 1–365, 365 for a new key. Only
 * filled values are sent; editing leaves the expiry as it is unless days are entered.
 */
export function KeyFormDialog(props: { editing?: { id: string; description: string | null | undefined }; onClose(): void; onDone(): void }) {
  const intl = useIntl();
  const titleId = useId();
  const editing = props.editing;
  const [description, setDescription] = useState(editing?.description ?? "");
  const [days, setDays] = useState(editing ? "" : String(API_KEY_DEFAULT_DAYS));
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [create, creating] = useMutate<keyMutationsCreateMutation>(createKeyMutation);
  const [update, updating] = useMutate<keyMutationsUpdateMutation>(updateKeyMutation);
  const expires = expiresFrom(days);
  const daysProblem = expires !== null && (!/^\d+$/.test(days.trim()) || apiKeyExpiryProblem(expires, Date.now())) ? "error_api_key_expires" : null;
  const descriptionProblem = apiKeyDescriptionProblem(description);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setError(null);
    if (daysProblem || descriptionProblem) return;
    const trimmed = description.trim();
    try {
      if (editing) {
        const input: UpdateApiKeyInput = { id: editing.id };
        if (trimmed !== (editing.description ?? "")) input.description = trimmed;
        if (expires !== null) input.expires = expires;
        await update({ input });
      } else {
        const input: CreateApiKeyInput = {};
        if (trimmed) input.description = trimmed;
        if (expires !== null) input.expires = expires;
        await create({ input });
      }
      props.onDone();
      props.onClose();
    } catch (caught) {
      // Spec §8: key create and update failures show their message in a banner.
      setError(caught);
    }
  };

  return (
    <Dialog open onClose={props.onClose} labelledBy={titleId} testId="key-form-dialog">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <h2 id={titleId}>
          <FormattedMessage id={editing ? "project.settings.keys.editTitle" : "project.settings.keys.addTitle"} />
        </h2>
        {error !== null && (
          <Alert variant="danger" testId="key-form-error">
            <ErrorMessage error={error} />
          </Alert>
        )}
        <TextField
          label={intl.formatMessage({ id: "project.settings.keys.description" })}
          value={description}
          onChange={setDescription}
          maxLength={API_KEY_DESCRIPTION_MAX_LENGTH}
          autoFocus
          autoComplete="off"
          data-testid="key-description"
          error={checked && descriptionProblem ? intl.formatMessage({ id: descriptionProblem }) : undefined}
        />
        <TextField
          label={intl.formatMessage({ id: "project.settings.keys.days" })}
          value={days}
          onChange={setDays}
          type="number"
          inputMode="numeric"
          min={API_KEY_MIN_DAYS}
          max={API_KEY_MAX_DAYS}
          placeholder={editing ? intl.formatMessage({ id: "project.settings.keys.daysUnchanged" }) : undefined}
          hint={intl.formatMessage({ id: "project.settings.keys.daysHint" })}
          data-testid="key-days"
          error={checked && daysProblem ? intl.formatMessage({ id: daysProblem }) : undefined}
        />
        <div className="dialog-actions">
          <Button onClick={props.onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant="primary" busy={creating || updating} data-testid="save-key">
            <FormattedMessage id="common.save" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
