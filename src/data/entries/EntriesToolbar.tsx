import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Button } from "../../ui/Button";

/**
 * The data toolbar of a published table (spec §2 "add entry, import, export, reload, delete,
 * filter"): what the viewer may not do is not offered (docs/ROLES.md data.edit, data.delete).
 * Import and export are the CSV buttons, drawn when given (they hold their own dialogs).
 */
export function EntriesToolbar(props: {
  canEdit: boolean;
  canDelete: boolean;
  filtered: boolean;
  selectedCount: number;
  reloading: boolean;
  onAdd(): void;
  importControl?: ReactNode;
  exportControl?: ReactNode;
  onReload(): void;
  onDeleteSelected(): void;
  onDeleteMatching(): void;
  filterControl?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <div className="data-toolbar-area">
      <div className="data-toolbar" role="toolbar" aria-label={intl.formatMessage({ id: "data.toolbar.label" })}>
        {props.canEdit && (
          <Button onClick={props.onAdd} data-testid="toolbar-add">
            <FormattedMessage id="data.toolbar.add" />
          </Button>
        )}
        {props.canEdit && props.importControl}
        {props.exportControl}
        {props.filterControl}
        {props.canDelete && (
          <Button onClick={props.onDeleteSelected} disabled={props.selectedCount === 0} data-testid="toolbar-delete">
            <FormattedMessage id="data.entries.deleteSelected" values={{ count: props.selectedCount }} />
          </Button>
        )}
        {props.canDelete && (
          <Button onClick={props.onDeleteMatching} data-testid="toolbar-delete-matching">
            <FormattedMessage id={props.filtered ? "data.entries.deleteMatching" : "data.entries.deleteAll"} />
          </Button>
        )}
        <Button onClick={props.onReload} busy={props.reloading} data-testid="toolbar-reload">
          <FormattedMessage id="data.toolbar.reload" />
        </Button>
      </div>
    </div>
  );
}
