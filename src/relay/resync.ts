/**
 * Told when a socket's subscriptions could not be resumed: the server no longer keeps the events
 * they missed (its change log's retention), so they start from now and the data on screen must
 * be loaded again. Kept apart from the network so the first page can listen without loading Relay.
 */
const listeners = new Set<() => void>();

export function onResync(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function resyncNeeded(): void {
  for (const listener of listeners) listener();
}
