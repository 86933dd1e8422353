import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { FormattedMessage, useIntl } from "react-intl";
import type { ApiKeyRow_apiKey$key } from "../../../__generated__/ApiKeyRow_apiKey.graphql";
import type { keyMutationsDeleteMutation } from "../../../__generated__/keyMutationsDeleteMutation.graphql";
import { apiKeyDaysLeft, apiKeyExpiryWarning, apiKeyValidityDays } from "../../../domain/apiKeys";
import { useMutate } from "../../../relay/mutate";
import { Button } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { Alert } from "../../../ui/Alert";
import { ErrorMessage } from "../../../common/ErrorMessage";
import { useCopy } from "../CopyField";
import { deleteKeyMutation } from "./keyMutations";
import { KeyFormDialog } from "./KeyFormDialog";
import { RotateKeyDialog } from "./RotateKeyDialog";

/** Enough of the key to tell keys apart, never enough to use it. */
const masked = (key: string) => `${key.slice(0, 4)}••••••••${key.slice(-4)}`;

export function ApiKeyRow(props: { apiKey: ApiKeyRow_apiKey$key; canDelete: boolean; onChanged(): void }) {
  const intl = useIntl();
  const key = useFragment(
    graphql`
      fragment ApiKeyRow_apiKey on ApiKey {
        id
        key
        description
        expires
        createdAt
        updatedAt
        lastUsedAt
        usesLast24h
      }
    `,
    props.apiKey,
  );
  const [revealed, setRevealed] = useState(false);
  const [dialog, setDialog] = useState<"edit" | "rotate" | "delete" | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [remove] = useMutate<keyMutationsDeleteMutation>(deleteKeyMutation);
  const { copy, copied } = useCopy();
  const now = Date.now();
  const warning = apiKeyExpiryWarning(key.expires, now);
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: "medium" });
  const label = key.description || masked(key.key);

  const onDelete = async () => {
    setDialog(null);
    setError(null);
    try {
      await remove({ input: [{ id: key.id }] });
      props.onChanged();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <tr data-testid="api-key-row" data-key-id={key.id} className={warning === "expired" ? "settings-key-expired" : undefined}>
      <td>
        <code data-testid="api-key-value">{revealed ? key.key : masked(key.key)}</code>
        <span className="settings-key-buttons">
          <Button variant="link" aria-pressed={revealed} onClick={() => setRevealed((was) => !was)} data-testid="reveal-key">
            <FormattedMessage id={revealed ? "project.settings.keys.hide" : "project.settings.keys.reveal"} />
          </Button>
          <Button
            variant="link"
            onClick={() => void copy(key.key)}
            aria-label={intl.formatMessage({ id: "project.settings.keys.copyLabel" }, { name: label })}
            data-testid="copy-key"
          >
            <FormattedMessage id={copied === key.key ? "project.settings.copied" : "project.settings.copy"} />
          </Button>
        </span>
        {error !== null && (
          <Alert variant="danger">
            <ErrorMessage error={error} />
          </Alert>
        )}
      </td>
      <td data-testid="api-key-description">{key.description}</td>
      <td data-testid="api-key-validity">{apiKeyValidityDays(key.createdAt, key.expires)}</td>
      <td>{date(key.createdAt)}</td>
      <td>{date(key.updatedAt)}</td>
      <td data-testid="api-key-used">
        {key.lastUsedAt ? (
          <FormattedMessage id="project.settings.keys.used" values={{ date: intl.formatDate(key.lastUsedAt, { dateStyle: "medium", timeStyle: "short" }), count: key.usesLast24h }} />
        ) : (
          <FormattedMessage id="project.settings.keys.neverUsed" />
        )}
      </td>
      <td data-testid="api-key-expires" data-warning={warning ?? undefined} className={warning !== null ? `settings-key-warning settings-key-warning-${warning}` : undefined}>
        {warning === "expired" ? (
          <FormattedMessage id="project.settings.keys.expired" />
        ) : (
          <FormattedMessage id="project.settings.keys.expiresIn" values={{ days: apiKeyDaysLeft(key.expires, now) }} />
        )}
        {typeof warning === "number" && (
          <span className="settings-key-warning-badge" data-testid="api-key-warning">
            <FormattedMessage id={`project.settings.keys.warning${warning}`} />
          </span>
        )}
      </td>
      <td className="settings-key-actions">
        <Button variant="link" onClick={() => setDialog("edit")} aria-label={intl.formatMessage({ id: "project.settings.keys.editLabel" }, { name: label })} data-testid="edit-key">
          <FormattedMessage id="project.settings.keys.edit" />
        </Button>
        <Button variant="link" onClick={() => setDialog("rotate")} aria-label={intl.formatMessage({ id: "project.settings.keys.rotateLabel" }, { name: label })} data-testid="rotate-key">
          <FormattedMessage id="project.settings.keys.rotate" />
        </Button>
        {props.canDelete && (
          <Button variant="link" onClick={() => setDialog("delete")} aria-label={intl.formatMessage({ id: "project.settings.keys.deleteLabel" }, { name: label })} data-testid="delete-key">
            <FormattedMessage id="project.settings.keys.delete" />
          </Button>
        )}
        {dialog === "edit" && <KeyFormDialog editing={key} onClose={() => setDialog(null)} onDone={props.onChanged} />}
        {dialog === "rotate" && <RotateKeyDialog keyId={key.id} onClose={() => setDialog(null)} onDone={props.onChanged} />}
        {dialog === "delete" && (
          <ConfirmDialog
            title={<FormattedMessage id="project.settings.keys.deleteTitle" />}
            confirmLabel={<FormattedMessage id="project.settings.keys.delete" />}
            onConfirm={() => void onDelete()}
            onCancel={() => setDialog(null)}
            testId="delete-key-dialog"
          >
            <p>
              <FormattedMessage id="project.settings.keys.deleteText" values={{ name: <strong>{label}</strong> }} />
            </p>
          </ConfirmDialog>
        )}
      </td>
    </tr>
  );
}
