import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

/**
 * A dropdown menu button (WAI-ARIA menu pattern): opens by click, Enter, Space or ArrowDown;
 * arrow keys move between items; Escape and an outside click close it and return focus.
 */
export function Menu(props: { label: ReactNode; ariaLabel?: string; children: ReactNode; buttonClassName?: string; testId?: string }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    items()[0]?.focus();
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const items = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);

  const onListKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      all[(index + 1) % all.length]?.focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      all[(index - 1 + all.length) % all.length]?.focus();
    } else if (event.key === "Home") {
      all[0]?.focus();
    } else if (event.key === "End") {
      all.at(-1)?.focus();
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  };

  return (
    <div className="menu" ref={rootRef} data-testid={props.testId}>
      <button
        ref={buttonRef}
        type="button"
        className={props.buttonClassName ?? "btn"}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={props.ariaLabel}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {props.label}
      </button>
      {open && (
        <div
          id={id}
          ref={listRef}
          role="menu"
          className="menu-list"
          onKeyDown={onListKeyDown}
          // Choosing an item closes the menu; the item's own handler runs first.
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('[role^="menuitem"]')) setOpen(false);
          }}
        >
          {props.children}
        </div>
      )}
    </div>
  );
}

export function MenuItem(props: { onSelect(): void; children: ReactNode; checked?: boolean; testId?: string }) {
  return (
    <button
      type="button"
      className="menu-item"
      role={props.checked === undefined ? "menuitem" : "menuitemradio"}
      aria-checked={props.checked}
      tabIndex={-1}
      data-testid={props.testId}
      onClick={props.onSelect}
    >
      {props.children}
    </button>
  );
}

export function MenuHeading(props: { children: ReactNode }) {
  return (
    <div className="menu-heading" role="presentation">
      {props.children}
    </div>
  );
}

export function MenuSeparator() {
  return <div className="menu-separator" role="separator" />;
}
