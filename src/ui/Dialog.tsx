import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal on the native <dialog> element: the browser traps focus, Escape closes it (reported
 * through onClose) and the page behind is inert.
 */
export function Dialog(props: { open: boolean; onClose(): void; labelledBy: string; children: ReactNode; testId?: string; className?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
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
