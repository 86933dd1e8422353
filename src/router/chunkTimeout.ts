import { ApiError } from "../relay/errors";

/** Spec §8: "A chunk load failure raises an error after a 120-second timeout." */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const chunkLoadTimedOut = () =>
  new ApiError("The page could not be loaded. Check your connection and try again.", "error_chunk_load_timeout", "CHUNK_LOAD_TIMEOUT");

/**
 * A code-chunk import that gives up after the timeout: a stalled download (a dropped connection
 * the browser keeps open) then reaches the route's error screen with its retry, instead of
 * leaving the page on a spinner for good. A chunk that arrives later is simply ignored.
 */
export function withChunkTimeout<T>(importer: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(chunkLoadTimedOut()), timeoutMs);
      importer().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}
