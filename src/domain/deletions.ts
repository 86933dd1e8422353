/**
 * A delete by filter is named by its caller (the console makes a UUID) so that the caller can
 * tell its own progress messages from another user's deletion on the same table.
 */
const DELETION_ID = /^[A-Za-z0-9-]{1,64}$/;

export function isDeletionId(text: string): boolean {
  return DELETION_ID.test(text);
}

/** A fresh deletion name: getRandomValues, unlike randomUUID, also works on a console served over plain http. */
export function newDeletionId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
