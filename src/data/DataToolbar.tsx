import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Button } from "../ui/Button";
import { Alert } from "../ui/Alert";

const DATA_ACTIONS = ["import", "delete", "export"] as const;

/**
 * The data toolbar. Entries exist only once the table is published, so until then add,
 * import, filter, delete and export are disabled and a hint says to publish first (spec §4).
 */
export function DataToolbar(props: {
  published: boolean;
  onReload(): void;
  reloading: boolean;
  onAddEntry(): void;
  filter: ReactNode;
  below?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <div className="data-toolbar-area">
      <div className="data-toolbar" role="toolbar" aria-label={intl.formatMessage({ id: "data.toolbar.label" })}>
        <Button disabled={!props.published} onClick={props.onAddEntry} data-testid="toolbar-add">
          <FormattedMessage id="data.toolbar.add" />
        </Button>
        {DATA_ACTIONS.map((action) => (
          <Button key={action} disabled={!props.published} data-testid={`toolbar-${action}`}>
            <FormattedMessage id={`data.toolbar.${action}`} />
          </Button>
        ))}
        {props.filter}
        <Button onClick={props.onReload} busy={props.reloading} data-testid="toolbar-reload">
          <FormattedMessage id="data.toolbar.reload" />
        </Button>
      </div>
      {props.below}
      {!props.published && (
        <Alert variant="info" testId="publish-hint">
          <FormattedMessage id="error_api_management_before_publish" />
        </Alert>
      )}
    </div>
  );
}
