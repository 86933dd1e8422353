import { Fragment, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Button } from "../ui/Button";
import { Alert } from "../ui/Alert";

const DATA_ACTIONS = ["add", "import", "filter", "delete", "export"] as const;

/**
 * The data toolbar. Entries exist only once the table is published, so until then add,
 * import, filter, delete and export are disabled and a hint says to publish first (spec §4).
 * A published table's actions come in as elements (the CSV import and export buttons).
 */
export function DataToolbar(props: { published: boolean; onReload(): void; reloading: boolean; actions?: Partial<Record<(typeof DATA_ACTIONS)[number], ReactNode>> }) {
  const intl = useIntl();
  return (
    <div className="data-toolbar-area">
      <div className="data-toolbar" role="toolbar" aria-label={intl.formatMessage({ id: "data.toolbar.label" })}>
        {DATA_ACTIONS.map((action) =>
          props.published && props.actions?.[action] ? (
            <Fragment key={action}>{props.actions[action]}</Fragment>
          ) : (
            <Button key={action} disabled={!props.published} data-testid={`toolbar-${action}`}>
              <FormattedMessage id={`data.toolbar.${action}`} />
            </Button>
          ),
        )}
        <Button onClick={props.onReload} busy={props.reloading} data-testid="toolbar-reload">
          <FormattedMessage id="data.toolbar.reload" />
        </Button>
      </div>
      {!props.published && (
        <Alert variant="info" testId="publish-hint">
          <FormattedMessage id="error_api_management_before_publish" />
        </Alert>
      )}
    </div>
  );
}
