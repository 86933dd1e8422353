import { useEffect } from "react";
import { IDLE_TIMEOUT_MS, notifySessionExpired } from "./expiry";

const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;

/** Opens the session-expired dialog after a long idle stretch while signed in. */
export function useIdleExpiry(active: boolean) {
  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(notifySessionExpired, IDLE_TIMEOUT_MS);
    const onActivity = () => {
      clearTimeout(timer);
      timer = setTimeout(notifySessionExpired, IDLE_TIMEOUT_MS);
    };
    ACTIVITY_EVENTS.forEach((event) => window.addEventListener(event, onActivity, { passive: true }));
    return () => {
      clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((event) => window.removeEventListener(event, onActivity));
    };
  }, [active]);
}
