import type { RoleEvent } from "../graphql/mappers";
import type { Api } from "../project/store";
import type { EntryRow } from "../projectEndpoint/entries/store";
import type { DeletionProgress, EntryEvent, ImportedBatch, ProjectEvents } from "../projectEndpoint/realtime/events";
import type { SchemaPrompt } from "../prompts/store";
import type { CredentialChange, PubSub } from "../pubsub";
import type { Change, ChangeFilter, LoggedChange } from "./log";
import { tagSequence } from "./sequence";

/** The topics that go through the change log, and how each reaches this server's subscribers. */

export const roleChange = (event: RoleEvent): Change => ({
  scope: "workspace",
  scopeId: event.orgId,
  topic: "role:changed",
  entryId: event.role.id,
  kind: event.change,
  payload: event,
});

export const apiChange = (api: Api): Change => ({ scope: "project", scopeId: api.id, topic: "api:updated", entryId: api.id, kind: api.state, payload: api });

const entriesTopic = (typeId: string) => `entries:${typeId}`;

/** A write's entry events: one change, a batch when the write touched several entries (each still its own event). */
export const entryChanges = (apiId: string, typeId: string, event: EntryEvent, rows: readonly EntryRow[]): Change[] =>
  rows.length === 0
    ? []
    : [{ scope: "project", scopeId: apiId, topic: entriesTopic(typeId), entryId: rows.length === 1 ? rows[0].id : null, kind: event, payload: rows.length === 1 ? rows[0] : [...rows] }];

export const importChange = (apiId: string, typeId: string, batch: ImportedBatch): Change => ({
  scope: "project",
  scopeId: apiId,
  topic: entriesTopic(typeId),
  entryId: batch.importId,
  kind: "import",
  payload: batch,
});

/** What a flow's runs section hears: a run of this flow changed status or logged a step. */
export interface FlowRunEvent {
  flowId: string;
  runId: string;
  status: string;
}

/** A flow run moved (any server's job runner): every server tells that flow's runs sections. */
export const flowRunChange = (apiId: string, event: FlowRunEvent): Change => ({ scope: "project", scopeId: apiId, topic: "flow:run", entryId: event.runId, kind: event.status, payload: event });
/** A delete by filter committed a chunk: the table's onDeleteTypesProgress subscribers on every server hear it. */
export const deletionChange = (apiId: string, typeId: string, progress: DeletionProgress): Change => ({
  scope: "project",
  scopeId: apiId,
  topic: entriesTopic(typeId),
  entryId: progress.deletionId,
  kind: "deletion",
  payload: progress,
});

/** An AI schema prompt reached DONE or FAILED: its onUpdateSchemaPrompt subscribers on every server hear it. */
export const schemaPromptChange = (prompt: SchemaPrompt): Change => ({
  scope: "project",
  scopeId: prompt.id,
  topic: "schemaPrompt:updated",
  entryId: prompt.id,
  kind: prompt.status,
  payload: prompt,
});

/** Activities were recorded outside an entry write (files, functions): every server's open Logs screens refetch. */
export const activitiesChange = (apiId: string): Change => ({ scope: "project", scopeId: apiId, topic: "activities:recorded", entryId: null, kind: "recorded", payload: { apiId } });

/** A credential ended: every server closes the sockets opened with it (projectEndpoint/realtime/socketWatch.ts). */
export const credentialChange = (change: CredentialChange): Change => ({ scope: "platform", scopeId: "", topic: "credential:changed", entryId: null, kind: change.kind, payload: change });

/** What a subscription to these topics replays when it resumes. */
export const roleFilter = (orgId: string): ChangeFilter => ({ scopeId: orgId, topic: "role:changed" });
export const apiFilter = (apiId: string): ChangeFilter => ({ scopeId: apiId, topic: "api:updated" });
export const entriesFilter = (apiId: string, typeId: string, kind: EntryEvent | "import"): ChangeFilter => ({ scopeId: apiId, topic: entriesTopic(typeId), kind });

/** Hands a followed change to this server's in-process fan-out, tagged with its sequence. */
export function deliverChange(pubsub: PubSub, events: ProjectEvents, change: LoggedChange) {
  const payload = tagSequence(change.payload, change.seq);
  if (change.topic === "role:changed") pubsub.publish("role:changed", change.scopeId, payload as RoleEvent);
  else if (change.topic === "api:updated") pubsub.publish("api:updated", change.scopeId, payload as Api);
  else if (change.topic === "flow:run") pubsub.publish("flow:run", (payload as FlowRunEvent).flowId, payload as FlowRunEvent);
  else if (change.topic === "credential:changed") pubsub.publish("credential:changed", payload as CredentialChange);
  else if (change.topic === "schemaPrompt:updated") pubsub.publish("schemaPrompt:updated", change.scopeId, payload as SchemaPrompt);
  else if (change.topic === "activities:recorded") activitiesRecorded(pubsub, change.scopeId);
  else if (change.topic.startsWith("entries:")) {
    const typeId = change.topic.slice("entries:".length);
    if (change.kind === "deletion") return events.publishDeletion(change.scopeId, typeId, payload as DeletionProgress);
    if (change.kind === "import") events.publishImported(change.scopeId, typeId, payload as ImportedBatch);
    else events.publish(change.scopeId, typeId, change.kind as EntryEvent, [payload as EntryRow]);
    // Every entry write and import batch records activities: the project's open Logs screens refetch.
    if (change.kind !== "import" || (payload as ImportedBatch).rowsWritten > 0) activitiesRecorded(pubsub, change.scopeId);
  }
}

const pendingActivities = new WeakMap<PubSub, Set<string>>();

/**
 * Tells a project's Logs screens once per burst: a bulk write's hundred events, followed in one
 * read of the log, make one refetch, not a hundred.
 */
function activitiesRecorded(pubsub: PubSub, apiId: string) {
  let pending = pendingActivities.get(pubsub);
  if (!pending) {
    const projects = (pending = new Set());
    pendingActivities.set(pubsub, projects);
    setImmediate(() => {
      pendingActivities.delete(pubsub);
      for (const id of projects) pubsub.publish("activities:recorded", id, id);
    });
  }
  pending.add(apiId);
}

/** Rebuilds a replayed change as the subscription's live feed carries it. */
export const replayedPayload = (change: LoggedChange) => tagSequence(change.payload, change.seq);
