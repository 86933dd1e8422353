import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";

const AnnounceContext = createContext<(message: string) => void>(() => {});

/**
 * The console's one polite live region. It is in the page from the first paint, because screen
 * readers only announce changes to a region they already know; a region that appears together
 * with its text is often read late or not at all. Toasts, saved notices and progress (publishing,
 * import) announce through `useAnnounce()` instead of adding regions of their own.
 */
export function LiveRegionProvider(props: { children: ReactNode }) {
  const [message, setMessage] = useState("");
  const announce = useCallback((text: string) => {
    // Emptied first, so the same text twice in a row is announced twice.
    setMessage("");
    requestAnimationFrame(() => setMessage(text));
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      {props.children}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="live-region">
        {message}
      </div>
    </AnnounceContext.Provider>
  );
}

/** `announce(text)` reads the text to screen-reader users without moving their focus. */
export const useAnnounce = () => useContext(AnnounceContext);

/** Announces the text content of what it wraps each time `announceKey` changes (and on mount). */
export function Announced(props: { announceKey?: unknown; children: ReactNode; className?: string; testId?: string }) {
  const announce = useAnnounce();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const text = ref.current?.textContent?.trim();
    if (text) announce(text);
  }, [announce, props.announceKey]);
  return (
    <div ref={ref} className={props.className} data-testid={props.testId}>
      {props.children}
    </div>
  );
}
