import type { FlowSchema, FlowStep, FlowTrigger } from "../../domain/flows/types";

/** The editor's changes to a flow's schema: each returns a new schema, the old one untouched. */

const freshId = (prefix: string, schema: FlowSchema) => {
  const taken = new Set([...schema.triggers, ...schema.steps].map((node) => node.id));
  let n = 1;
  while (taken.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
};

const randomSecret = () => {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
};

export function addTrigger(schema: FlowSchema): { schema: FlowSchema; id: string } {
  const id = freshId("trigger", schema);
  const trigger: FlowTrigger = { id, name: "", variant: "", position: { x: 0, y: schema.triggers.length * 120 } };
  return { schema: { ...schema, triggers: [...schema.triggers, trigger] }, id };
}

export function addStep(schema: FlowSchema, after: string | null): { schema: FlowSchema; id: string } {
  const id = freshId("step", schema);
  const step: FlowStep = { id, name: "", variant: "", next: null, position: { x: 320, y: schema.steps.length * 120 } };
  let steps = [...schema.steps, step];
  if (after) steps = steps.map((s) => (s.id === after && !s.next ? { ...s, next: id } : s));
  return { schema: { ...schema, steps, startStep: schema.startStep ?? id }, id };
}

export function updateTrigger(schema: FlowSchema, id: string, patch: Partial<FlowTrigger>): FlowSchema {
  return {
    ...schema,
    triggers: schema.triggers.map((t) => {
      if (t.id !== id) return t;
      const next = { ...t, ...patch };
      // A webhook gets a secret of its own the moment it becomes one.
      if (patch.variant === "webhook" && !next.secret) next.secret = randomSecret();
      if (patch.variant === "data" && !next.changes) next.changes = ["create"];
      return next;
    }),
  };
}

export function updateStep(schema: FlowSchema, id: string, patch: Partial<FlowStep>): FlowSchema {
  return { ...schema, steps: schema.steps.map((s) => (s.id === id ? { ...s, ...patch } : s)) };
}

/** Removes triggers and steps; links to a removed step are cut. */
export function removeNodes(schema: FlowSchema, ids: ReadonlySet<string>): FlowSchema {
  const cut = (target: string | null | undefined) => (target && ids.has(target) ? null : (target ?? null));
  return {
    triggers: schema.triggers.filter((t) => !ids.has(t.id)),
    steps: schema.steps.filter((s) => !ids.has(s.id)).map((s) => ({ ...s, next: cut(s.next), ...(s.variant === "condition" ? { else: cut(s.else) } : {}), ...(s.variant === "loop" ? { loopStep: cut(s.loopStep) } : {}) })),
    startStep: cut(schema.startStep),
  };
}

/** An edge drawn from `source` to step `target`: a trigger makes it the start step, a step's handle its next, else or (a loop) the step for each item. */
export function connect(schema: FlowSchema, source: string, target: string, handle: string | null): FlowSchema {
  if (schema.triggers.some((t) => t.id === source)) return { ...schema, startStep: target };
  return updateStep(schema, source, handle === "else" ? { else: target } : handle === "each" ? { loopStep: target } : { next: target });
}

export function moveNode(schema: FlowSchema, id: string, position: { x: number; y: number }): FlowSchema {
  const rounded = { x: Math.round(position.x), y: Math.round(position.y) };
  if (schema.triggers.some((t) => t.id === id)) return updateTrigger(schema, id, { position: rounded });
  return updateStep(schema, id, { position: rounded });
}
