/**
 * What a MODIFY activity keeps of its write: each field it changed with the value before and
 * after (null: no value), so the Logs screen can show the change and revert it. Bounded: once
 * the kept values would pass `maxBytes`, a field is kept by name only (`tooLarge`), so a write
 * of megabytes never makes a log row of megabytes.
 */
export interface ActivityChange {
  field: string;
  before?: unknown;
  after?: unknown;
  /** The values were too large to keep; the field is named but cannot be reverted. */
  tooLarge?: true;
}

export type ActivityChanges = ActivityChange[];

/** Fields of `written` whose value differs from `before`, in the order written; one pass. */
export function changesOf(before: Record<string, unknown>, written: Record<string, unknown>, maxBytes: number): ActivityChanges {
  const changes: ActivityChanges = [];
  let bytes = 0;
  for (const [field, value] of Object.entries(written)) {
    const old = before[field] ?? null;
    const now = value ?? null;
    const beforeText = JSON.stringify(old);
    const afterText = JSON.stringify(now);
    if (beforeText === afterText) continue;
    const size = field.length + beforeText.length + afterText.length;
    if (bytes + size > maxBytes) {
      bytes += field.length;
      changes.push({ field, tooLarge: true });
      continue;
    }
    bytes += size;
    changes.push({ field, before: old, after: now });
  }
  return changes;
}
