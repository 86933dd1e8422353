import { useLayoutEffect, useRef, type ReactNode } from "react";

/**
 * A modal on the native <dialog> element: the browser traps focus, Escape closes it (reported
 * through onClose) and the page behind is inert.
 */
export function Dialog(props: { open: boolean; onClose(): void; labelledBy: string; children: ReactNode; testId?: string; className?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  // A layout effect: the dialog opens as a modal in the same commit that inserts it, so nothing
  // (a user, a test) ever sees its content before the page behind has become inert.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal?.();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      className={props.className ? `dialog ${props.className}` : "dialog"}
      aria-labelledby={props.labelledBy}
      data-testid={props.testId}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      {props.open && props.children}
    </dialog>
  );
}
