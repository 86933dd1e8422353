/**
 * Deleting a workspace (or rows, a table…) needs its name typed: trimmed, it must equal the name,
 * trimmed (spec §5). Its own file, so the screens that ask for it do not load ./org's arktype.
 */
export function deletionConfirmed(typed: string, name: string): boolean {
  return typed.trim() === name.trim();
}
