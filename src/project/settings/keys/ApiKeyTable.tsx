import { useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ApiKeyRow_apiKey$key } from "../../../__generated__/ApiKeyRow_apiKey.graphql";
import { Button } from "../../../ui/Button";
import { ApiKeyRow } from "./ApiKeyRow";
import { KeyFormDialog } from "./KeyFormDialog";

export const API_KEY_COLUMNS = ["key", "description", "validity", "created", "updated", "used", "expires", "actions"] as const;

/**
 * The API key table of spec §2 (key, description, validity in days, created, updated) with the
 * last use, the expiry and the row's actions; "Add key" above it where keys may be added.
 */
export function ApiKeyTable(props: {
  keys: readonly (ApiKeyRow_apiKey$key & { id: string })[];
  canCreate: boolean;
  canDelete: boolean;
  onChanged(): void;
  testId: string;
  /** Further row groups after these keys (the older pages of a long list). */
  children?: ReactNode;
}) {
  const intl = useIntl();
  const [creating, setCreating] = useState(false);
  return (
    <div data-testid={props.testId}>
      {props.canCreate && (
        <div className="settings-keys-actions">
          <Button variant="primary" onClick={() => setCreating(true)} data-testid="add-key">
            <FormattedMessage id="project.settings.keys.add" />
          </Button>
        </div>
      )}
      {props.keys.length === 0 && !props.children ? (
        <p className="field-hint" data-testid={`${props.testId}-empty`}>
          <FormattedMessage id="project.settings.keys.empty" />
        </p>
      ) : (
        <div className="settings-table-scroll" role="region" tabIndex={0} aria-label={intl.formatMessage({ id: "project.settings.keys.title" })}>
          <table className="settings-keys-table">
            <thead>
              <tr>
                {API_KEY_COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    <FormattedMessage id={`project.settings.keys.column.${column}`} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.keys.map((key) => (
                <ApiKeyRow key={key.id} apiKey={key} canDelete={props.canDelete} onChanged={props.onChanged} />
              ))}
            </tbody>
            {props.children}
          </table>
        </div>
      )}
      {creating && <KeyFormDialog onClose={() => setCreating(false)} onDone={props.onChanged} />}
    </div>
  );
}
