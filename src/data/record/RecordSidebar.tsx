import { Suspense, useEffect, useId, useRef, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { previous, top, type RecordFrame, type RecordStack } from "./recordStack";
import "./RecordSidebar.css";

/**
 * The right sidebar of spec §2 'Record editor': the title ('add' or 'edit' plus the table name),
 * the close button, the back bar naming the previous table and record, and the top record of
 * the stack. Each frame gets a fresh editor, so nothing typed for one record shows on another.
 */
export function RecordSidebar(props: {
  stack: RecordStack;
  onBack(): void;
  onClose(): void;
  children(frame: RecordFrame): ReactNode;
  /** How the back bar names a saved record (its label, not its id, where the caller can read it). */
  recordName?(frame: RecordFrame & { id: string }): ReactNode;
}) {
  const intl = useIntl();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const frame = top(props.stack);
  const before = previous(props.stack);
  const frameKey = frame ? `${props.stack.length}:${frame.table}:${frame.id ?? "new"}` : "";

  // A pushed, popped or replaced record is announced by moving focus to its title.
  useEffect(() => {
    if (frameKey) titleRef.current?.focus();
  }, [frameKey]);

  if (!frame) return null;
  return (
    <aside className="record-sidebar" aria-labelledby={titleId} data-testid="record-sidebar">
      <header className="record-sidebar-head">
        <h2 id={titleId} ref={titleRef} tabIndex={-1} data-testid="record-title">
          <FormattedMessage id={frame.id ? "data.record.titleEdit" : "data.record.titleAdd"} values={{ table: frame.table }} />
        </h2>
        <Button variant="link" onClick={props.onClose} aria-label={intl.formatMessage({ id: "data.record.close" })} data-testid="record-close">
          <FormattedMessage id="data.record.closeMark" />
        </Button>
      </header>
      {before && (
        <button type="button" className="record-back-bar" onClick={props.onBack} data-testid="record-back">
          <FormattedMessage
            id={before.id ? "data.record.back" : "data.record.backNew"}
            values={{ table: before.table, id: before.id ? (props.recordName?.({ ...before, id: before.id }) ?? before.id) : "" }}
          />
        </button>
      )}
      <Suspense
        fallback={
          <div className="record-loading" data-testid="record-loading">
            <Spinner />
          </div>
        }
      >
        <div key={frameKey}>{props.children(frame)}</div>
      </Suspense>
    </aside>
  );
}
