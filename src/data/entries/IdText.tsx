import "./IdText.css";

/**
 * How many characters of an id always stay visible: a UUID's last group, which is where the
 * rows of one import differ (they share everything before it).
 */
export const ID_TAIL = 12;

/**
 * An id in a narrow cell, cut in the middle: the head gives way to an ellipsis and the tail
 * stays, so ids that share a long prefix still read differently. The whole id stays the text
 * (copying, assistive tech) and the tooltip.
 */
export function IdText(props: { id: string }) {
  const { id } = props;
  if (id.length <= ID_TAIL * 2) return <span className="data-grid-text">{id}</span>;
  return (
    <span className="data-grid-text id-text" title={id}>
      <span className="id-text-head">{id.slice(0, -ID_TAIL)}</span>
      <span className="id-text-tail" data-testid="id-tail">
        {id.slice(-ID_TAIL)}
      </span>
    </span>
  );
}
