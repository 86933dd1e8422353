/**
 * Whether this platform keeps mails in its local mailbox instead of sending them (no SMTP
 * server): the server says so in the `baukasten-config` meta tag of the console page.
 */
export function hasLocalMailbox(): boolean {
  try {
    const content = document.querySelector('meta[name="baukasten-config"]')?.getAttribute("content");
    return JSON.parse(content || "{}").localMailbox === true;
  } catch {
    return false;
  }
}
