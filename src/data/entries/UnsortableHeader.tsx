import { useId, useState, type CSSProperties } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { canSortBy } from "../../domain/model";
import type { GridColumn } from "./DataGrid";

/**
 * The name of a column a list cannot be sorted by, with the reason on hover and focus (spec §2
 * header sort toggle; §5 sort fields): lists sort by createdAt, updatedAt and the fields marked
 * 'sort by'. A member who may edit the model can mark a field that may be one: the list sorts by
 * it once the change is published, since the live API sorts as its published model says.
 */
export function UnsortableHeader(props: { column: GridColumn; onMakeSortable?(): void; busy?: boolean }) {
  const intl = useIntl();
  const hintId = useId();
  const { column } = props;
  const reason = column.link ? "connection" : canSortBy(column.field) ? "notMarked" : "kind";
  const offer = reason === "notMarked" && props.onMakeSortable;
  // The header cell clips what overflows it: the hint is placed on the viewport, below the name.
  const [hintAt, setHintAt] = useState<CSSProperties | null>(null);
  const show = (event: { currentTarget: HTMLElement }) => {
    const box = event.currentTarget.getBoundingClientRect();
    setHintAt({ top: box.bottom + 4, left: box.left });
  };
  const hide = () => setHintAt(null);
  return (
    <span className="column-unsortable" onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide}>
      <button type="button" className="column-sort column-sort-off" tabIndex={-1} data-grid-control aria-describedby={hintId} data-testid={`unsortable-${column.field.name}`}>
        <span className="column-name">{column.label}</span>
      </button>
      <span role="tooltip" id={hintId} className={hintAt ? "column-sort-hint shown" : "column-sort-hint"} style={hintAt ?? undefined} data-testid="sort-hint">
        <FormattedMessage id={`data.grid.notSortable.${reason}`} values={{ name: column.label }} />
        {offer && (
          <>
            {" "}
            <FormattedMessage id="data.grid.makeSortableHint" />
          </>
        )}
      </span>
      {offer && (
        <button
          type="button"
          className="btn btn-link column-make-sortable"
          tabIndex={-1}
          data-grid-control
          disabled={props.busy}
          onClick={props.onMakeSortable}
          aria-label={intl.formatMessage({ id: "data.grid.makeSortableNamed" }, { name: column.label })}
          data-testid={`make-sortable-${column.field.name}`}
        >
          <FormattedMessage id="data.grid.makeSortable" />
        </button>
      )}
    </span>
  );
}
