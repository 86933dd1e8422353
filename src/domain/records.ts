import type { ObjectType, SchemaModel } from "./model";

/**
 * Records and their connections as the record editor (spec §2 'Record editor') and the project
 * API (spec §7) both name them: a child holds its parent's id as `<parent>Id` (`authorId`).
 */

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** The field of a child that holds its parent's id: `authorId` for a parent Author. */
export const parentLinkName = (parent: Pick<ObjectType, "name">) => `${lowerFirst(parent.name)}Id`;

export type ParentSlot = "first" | "second";

export interface ParentConnection {
  slot: ParentSlot;
  parent: ObjectType;
  link: string;
}

export interface ChildConnection {
  slot: ParentSlot;
  child: ObjectType;
  link: string;
}

/** The tables a table belongs to (at most two, spec §4), with the field that links them. */
export function parentConnections(model: SchemaModel, table: ObjectType): ParentConnection[] {
  return (["first", "second"] as const).flatMap((slot) => {
    const parent = model.objectTypes.find((candidate) => candidate.id === table.parents[slot]?.parentId);
    return parent ? [{ slot, parent, link: parentLinkName(parent) }] : [];
  });
}

/** The tables that belong to a table. */
export function childConnections(model: SchemaModel, table: ObjectType): ChildConnection[] {
  return model.objectTypes.flatMap((child) =>
    (["first", "second"] as const).filter((slot) => child.parents[slot]?.parentId === table.id).map((slot) => ({ slot, child, link: parentLinkName(table) })),
  );
}

/** Spec §2: "The connection card shows at most 5 non-empty fields". */
export const CONNECTION_CARD_FIELDS = 5;

const isEmptyValue = (value: unknown) => value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

/** "…excluding id, updatedAt, typename and *Id fields." */
const isHiddenOnCard = (name: string) => name === "id" || name === "updatedAt" || name === "__typename" || name.endsWith("Id");

/** The fields a connection card shows, in the given order. */
export function connectionCardFields(values: Readonly<Record<string, unknown>>): [name: string, value: unknown][] {
  return Object.entries(values)
    .filter(([name, value]) => !isHiddenOnCard(name) && !isEmptyValue(value))
    .slice(0, CONNECTION_CARD_FIELDS);
}

/** Spec §9: "The child-connection list page size is 5, with at most 3 page buttons." */
export const CHILD_PAGE_SIZE = 5;
export const CHILD_PAGE_BUTTONS = 3;

/**
 * The page buttons around the current page (1-based): at most three, never past the last page
 * known (pages are fetched with nextToken, so the last known page is one past the current one
 * while there is more).
 */
export function childPageButtons(current: number, lastKnown: number): number[] {
  const first = Math.max(1, Math.min(current - 1, lastKnown - CHILD_PAGE_BUTTONS + 1));
  const last = Math.min(lastKnown, first + CHILD_PAGE_BUTTONS - 1);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/**
 * A has-many list's heading counts the children up to this many and shows more as "10,000+":
 * an exact count of a huge list would cost the server a scan on every open of the record.
 */
export const CHILD_COUNT_CAP = 10_000;

/** Fields that name a record, in the order a reader would look for them. */
const LABEL_FIELDS = ["name", "title", "label", "email", "username"];

/**
 * What a record is called where only one line fits (the record editor's back bar): its name,
 * title, label or email when it has one, else the first value its connection card shows, else
 * null (the caller shows the id).
 */
export function recordLabel(values: Readonly<Record<string, unknown>>): string | null {
  const byName = new Map(Object.keys(values).map((name) => [name.toLowerCase(), name]));
  for (const wanted of LABEL_FIELDS) {
    const name = byName.get(wanted);
    const value = name === undefined ? undefined : values[name];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  const [first] = connectionCardFields(values).filter(([, value]) => typeof value === "string" || typeof value === "number");
  return first ? String(first[1]) : null;
}
