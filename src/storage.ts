/**
 * Local storage with the product prefix (spec §3 "Local storage"). Values are JSON. Clearing
 * keeps the theme, so signing out never flips a dark console to light.
 */
export const STORAGE_PREFIX = "baukasten--";

export type StorageKey =
  | "user-language"
  | "active-route"
  | "active-org"
  | "active-theme"
  | "active-table"
  | "api-name"
  | "region"
  | "auth"
  | "auth-mode"
  | "additional-auth-modes"
  | "api-data"
  | "graphql-url"
  | "filters"
  | "sort-range"
  | "selected-template"
  | "not-live-projects";

export function readStored<T>(key: StorageKey): T | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_PREFIX + key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function writeStored(key: StorageKey, value: unknown) {
  try {
    if (value === undefined) localStorage.removeItem(STORAGE_PREFIX + key);
    else localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage can be full or disabled (private mode); the console works without it.
  }
}

export function clearStored() {
  const theme = readStored<string>("active-theme");
  const language = readStored<string>("user-language");
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
  }
  if (theme) writeStored("active-theme", theme);
  // The language is a device preference too; a signed-out page stays in the chosen language.
  if (language) writeStored("user-language", language);
}
