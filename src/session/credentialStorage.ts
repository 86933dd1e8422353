import type { ICognitoStorage } from "amazon-cognito-identity-js";

/**
 * Where amazon-cognito-identity-js keeps tokens: session storage, under the product prefix and
 * base64-encoded (spec §3, "Credentials live in session storage, encoded"), so they end with the
 * tab and stay apart from the console's other stored keys. Importing this module does not load
 * the Cognito library (type import only), so the main chunk can ask `hasStoredCredentials`.
 */
const CREDENTIALS_PREFIX = "baukasten--credentials.";

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

/** Session storage, or a per-page map where the browser refuses it (some private modes). */
let fallback: Store | undefined;
function store(): Store {
  try {
    if (window.sessionStorage) return window.sessionStorage;
  } catch {
    // Accessing sessionStorage throws when storage is disabled.
  }
  return (fallback ??= memoryStore());
}

function memoryStore(): Store {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    key: (index) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}

function encode(value: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function decode(value: string): string | null {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(value), (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

function ownKeys(): string[] {
  const s = store();
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (key?.startsWith(CREDENTIALS_PREFIX)) keys.push(key);
  }
  return keys;
}

/** The Storage given to CognitoUserPool and to every CognitoUser (they do not share it by themselves). */
export function createCredentialStorage(): ICognitoStorage {
  return {
    // The library may store null (device keys); String() mirrors what Web Storage does with it.
    setItem: (key, value) => store().setItem(CREDENTIALS_PREFIX + key, encode(String(value))),
    getItem: (key) => {
      const raw = store().getItem(CREDENTIALS_PREFIX + key);
      return raw === null ? null : decode(raw);
    },
    removeItem: (key) => store().removeItem(CREDENTIALS_PREFIX + key),
    clear: () => ownKeys().forEach((key) => store().removeItem(key)),
  };
}

/** Whether a signed-in user was stored in this tab: decides at start-up if Cognito must load at all. */
export function hasStoredCredentials(): boolean {
  return ownKeys().some((key) => key.endsWith(".LastAuthUser"));
}

/** The library's keys this tab holds, as it names them (without the product prefix). */
export function storedCredentialKeys(): string[] {
  return ownKeys().map((key) => key.slice(CREDENTIALS_PREFIX.length));
}

/** This tab's credentials as stored (still encoded), for handing the session to a new tab. */
export function exportCredentials(): [string, string][] {
  return ownKeys().map((key) => [key, store().getItem(key) ?? ""]);
}

/** Stores credentials another tab of this origin handed over; anything else is ignored. */
export function importCredentials(entries: unknown) {
  if (!Array.isArray(entries)) return;
  for (const entry of entries) {
    const [key, value] = Array.isArray(entry) ? entry : [];
    if (typeof key === "string" && key.startsWith(CREDENTIALS_PREFIX) && typeof value === "string") store().setItem(key, value);
  }
}
