import { useSyncExternalStore } from "react";

/**
 * The session-expired dialog's trigger. It opens when a request stays unauthorized after a
 * refresh, or when the user has been idle for IDLE_TIMEOUT_MS while signed in.
 */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const EXPIRY_COUNTDOWN_SECONDS = 60;

let open = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function notifySessionExpired() {
  if (open) return;
  open = true;
  emit();
}

export function closeSessionExpired() {
  open = false;
  emit();
}

export function useSessionExpiredOpen() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}
