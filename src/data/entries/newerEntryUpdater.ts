import type { RecordSourceSelectorProxy } from "relay-runtime";

/** The entry fields an update event carries. */
const EVENT_FIELDS = ["fields", "connections", "updatedAt"] as const;

const instant = (value: unknown) => (typeof value === "string" ? Date.parse(value) : Number.NaN);

/**
 * The updater of an `onUpdateType` subscription that selects the entry's id under another name
 * (`entryId: id`), so Relay keeps the event apart from the entry instead of writing it over the
 * entry. It copies the event onto the entry only when the event is not older than what the store
 * holds: the websocket lags behind HTTP, and an event announcing an earlier write can arrive after
 * our own save's answer; applying it would show the older values again.
 */
export function applyNewerEntry(store: RecordSourceSelectorProxy) {
  const event = store.getRootField("onUpdateType");
  const id = event?.getValue("id");
  if (!event || typeof id !== "string") return;
  const entry = store.get(id);
  // An entry the store does not hold is shown nowhere; its next load brings it fresh.
  if (!entry) return;
  if (instant(event.getValue("updatedAt")) < instant(entry.getValue("updatedAt"))) return;
  for (const name of EVENT_FIELDS) entry.setValue(event.getValue(name), name);
}
