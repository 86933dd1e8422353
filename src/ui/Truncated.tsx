/**
 * A name that may be long (a workspace or project name can have 255 characters): one line,
 * cut with an ellipsis by CSS, the whole name on hover.
 */
export function Truncated(props: { text: string; className?: string; testId?: string }) {
  return (
    <span className={props.className ? `truncate ${props.className}` : "truncate"} title={props.text} data-testid={props.testId}>
      {props.text}
    </span>
  );
}
