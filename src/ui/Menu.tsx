import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";

/**
 * A dropdown menu button (WAI-ARIA menu pattern): opens by click, Enter, Space or ArrowDown;
 * arrow keys move between items; Escape and an outside click close it and return focus.
 * A `floating` menu draws its list in a layer above the page, placed by its button, so a
 * button inside a clipping container (a grid's header cell) still shows the whole list.
 */
export function Menu(props: {
  label: ReactNode;
  ariaLabel?: string;
  children: ReactNode;
  buttonClassName?: string;
  testId?: string;
  floating?: boolean;
  /** -1 inside a composite widget (a grid) that keeps one tab stop of its own. */
  buttonTabIndex?: number;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!rootRef.current?.contains(target) && !listRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    items()[0]?.focus();
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  useLayoutEffect(() => {
    if (!open || !props.floating) return;
    const place = () => {
      const button = buttonRef.current?.getBoundingClientRect();
      const list = listRef.current;
      if (!button || !list) return;
      placeFloating(list, button);
    };
    place();
    window.addEventListener("resize", place);
    // Scrolling any container (the grid's) moves the button: the list follows it.
    window.addEventListener("scroll", place, true);
    return () => {
      window.removeEventListener("resize", place);
      window.removeEventListener("scroll", place, true);
    };
  }, [open, props.floating]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

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
      // A floating list sits at the end of the page: Tab from there would lose the place.
      if (props.floating) {
        event.preventDefault();
        close();
      } else setOpen(false);
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
        tabIndex={props.buttonTabIndex}
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
      {open &&
        (props.floating
          ? createPortal(
              <div
                id={id}
                ref={listRef}
                role="menu"
                aria-label={props.ariaLabel}
                className="menu-list menu-list-floating"
                onKeyDown={onListKeyDown}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest('[role^="menuitem"]')) close();
                }}
              >
                {props.children}
              </div>,
              document.body,
            )
          : (
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
          ))}
    </div>
  );
}

/** Below the button, right-aligned to it, kept inside the viewport; above it when there is no room below. */
function placeFloating(list: HTMLElement, button: DOMRect) {
  const gap = 6;
  const margin = 8;
  const width = list.offsetWidth;
  const height = list.offsetHeight;
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = document.documentElement.clientHeight;
  const left = Math.max(margin, Math.min(button.right - width, viewportWidth - width - margin));
  const below = button.bottom + gap;
  const above = button.top - gap - height;
  const top = below + height > viewportHeight - margin && above >= margin ? above : below;
  list.style.left = `${left}px`;
  list.style.top = `${top}px`;
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
