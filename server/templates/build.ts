import {
  addConnection,
  addEnum,
  addField,
  addObjectType,
  normalizeModel,
  updateEnum,
  type DirectiveName,
  type FieldType,
  type SchemaModel,
} from "../../src/domain/model";
import { withFreeNames } from "../../src/domain/model/freeNames";
import type { EnumSpec, FieldSpec } from "./parts/part";

/** A table before it becomes part of a model: what templates, the lexicon and the LLM produce. */
export interface DraftTable {
  name: string;
  fields: Record<string, FieldSpec>;
  /** Possible parents, most likely first; only the first two present are connected. */
  belongsTo?: readonly string[];
  directives?: readonly DirectiveName[];
}

/**
 * Turns drafts into a model with the domain's own operations, so every table gets id, createdAt
 * and updatedAt exactly as a new table in the editor does and every connection is kept on both
 * sides; the result is normalized as the server stores it, names that would collide in the
 * generated API renamed. Ids are derived from `scope` and the names, so the same drafts always give the same
 * model (re-seeding keeps template ids; the AI start answers a prompt the same way twice).
 */
export function buildModel(tables: readonly DraftTable[], scope: string): SchemaModel {
  const nextId = idsFor(scope);
  let model: SchemaModel = { objectTypes: [], enumTypes: [] };

  const enums = collectEnums(tables);
  const enumIds = new Map<string, string>();
  // addEnum puts the new enum first, so adding in reverse keeps the drafts' order.
  for (const spec of [...enums].reverse()) {
    const added = addEnum(model);
    const id = nextId(`enum:${spec.enum}`);
    model = { ...added.model, enumTypes: added.model.enumTypes.map((e) => (e.id === added.id ? { ...e, id } : e)) };
    model = updateEnum(model, id, { name: spec.enum, values: spec.values.map((name) => ({ name })) });
    enumIds.set(spec.enum, id);
  }

  const typeIds = new Map<string, string>();
  for (const table of tables) {
    const added = addObjectType(model, table.name);
    const id = nextId(`type:${table.name}`);
    typeIds.set(table.name, id);
    model = {
      ...added.model,
      objectTypes: added.model.objectTypes.map((objectType) =>
        objectType.id === added.id
          ? {
              ...objectType,
              id,
              directives: (table.directives ?? []).map((name) => ({ name })),
              fields: objectType.fields.map((field) => ({ ...field, id: nextId(`field:${table.name}.${field.name}`) })),
            }
          : objectType,
      ),
    };
    for (const [name, spec] of Object.entries(table.fields)) {
      const fieldAdded = addField(model, id, fieldSettings(name, spec, enumIds));
      const fieldId = nextId(`field:${table.name}.${name}`);
      model = {
        ...fieldAdded.model,
        objectTypes: fieldAdded.model.objectTypes.map((objectType) =>
          objectType.id === id
            ? { ...objectType, fields: objectType.fields.map((f) => (f.id === fieldAdded.id ? { ...f, id: fieldId } : f)) }
            : objectType,
        ),
      };
    }
  }

  for (const { parent, child } of planRelations(tables)) {
    const connected = addConnection(model, typeIds.get(parent)!, typeIds.get(child)!, "hasMany");
    if (connected === model) throw new Error(`${parent} → ${child} cannot be connected`);
    model = connected;
  }
  // A generator's names must not collide in the generated API (a table Owner that others belong
  // to, a field named like a connection): such names are renamed rather than refused.
  return withFreeNames(normalizeModel(model));
}

/**
 * Each table belongs to the first two of its possible parents that are present (a table has at
 * most two parents); a pair of tables is connected once, whichever side asked first.
 */
function planRelations(tables: readonly DraftTable[]): { parent: string; child: string }[] {
  const present = new Set(tables.map((table) => table.name));
  const pairs = new Set<string>();
  const relations: { parent: string; child: string }[] = [];
  for (const table of tables) {
    const parents = (table.belongsTo ?? []).filter(
      (parent) => parent !== table.name && present.has(parent) && !pairs.has(pairKey(parent, table.name)),
    );
    for (const parent of [...new Set(parents)].slice(0, 2)) {
      pairs.add(pairKey(parent, table.name));
      relations.push({ parent, child: table.name });
    }
  }
  return relations;
}

const pairKey = (a: string, b: string) => [a, b].sort().join("\u0000");

function collectEnums(tables: readonly DraftTable[]): EnumSpec[] {
  const byName = new Map<string, EnumSpec>();
  for (const table of tables) {
    for (const spec of Object.values(table.fields)) {
      if (typeof spec === "string") continue;
      const known = byName.get(spec.enum);
      if (!known) byName.set(spec.enum, spec);
      else if (known.values.join() !== spec.values.join()) throw new Error(`enum ${spec.enum} has two value lists`);
    }
  }
  return [...byName.values()];
}

function fieldSettings(name: string, spec: FieldSpec, enumIds: ReadonlyMap<string, string>) {
  if (typeof spec !== "string") return { name, type: "Enum" as const, typeId: enumIds.get(spec.enum)! };
  const [type, ...flags] = spec.split(" ");
  return { name, type: type as FieldType, directives: flags.map((flag) => ({ name: flag as DirectiveName })) };
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** 6-character ids from a hash of scope and key; a collision moves on to the next salt. */
function idsFor(scope: string) {
  const taken = new Set<string>();
  return (key: string) => {
    for (let salt = 0; ; salt++) {
      const id = hashId(`${scope}/${key}#${salt}`);
      if (!taken.has(id)) {
        taken.add(id);
        return id;
      }
    }
  };
}

function hashId(text: string): string {
  // Two FNV-1a hashes with different offsets, three base-36 characters from each.
  const fnv = (offset: number) => {
    let hash = offset;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return hash;
  };
  const chars = (n: number) =>
    Array.from({ length: 3 }, (_, i) => ALPHABET[Math.floor(n / 36 ** i) % 36]).join("");
  return chars(fnv(0x811c9dc5) % 36 ** 3) + chars(fnv(0x050c5d1f) % 36 ** 3);
}
