import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";

interface Slot {
  element: HTMLElement | null;
  opened(): () => void;
}

const RightSidebarSlotContext = createContext<Slot | null>(null);

/**
 * The project layout's right sidebar slot (spec §2 Layouts): a screen puts its panel here with
 * `<RightSidebar>`; while one is open the page behind it does not scroll, so the wheel and touch
 * move the panel, not the table under it.
 */
export function RightSidebarSlot(props: { children: ReactNode }) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [openCount, setOpenCount] = useState(0);
  const [slot] = useState<Omit<Slot, "element">>(() => ({
    opened: () => {
      setOpenCount((count) => count + 1);
      return () => setOpenCount((count) => count - 1);
    },
  }));
  const open = openCount > 0;
  useEffect(() => {
    if (!open) return;
    const before = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = before;
    };
  }, [open]);
  return (
    <RightSidebarSlotContext.Provider value={{ ...slot, element }}>
      {props.children}
      <div className="right-sidebar-slot" ref={setElement} data-open={open} data-testid="right-sidebar-slot" />
    </RightSidebarSlotContext.Provider>
  );
}

/** A panel shown in the layout's right sidebar; outside a layout with the slot it renders in place. */
export function RightSidebar(props: { children: ReactNode }) {
  const slot = useContext(RightSidebarSlotContext);
  useEffect(() => slot?.opened(), [slot?.opened]);
  if (!slot) return <>{props.children}</>;
  return slot.element ? createPortal(props.children, slot.element) : null;
}
