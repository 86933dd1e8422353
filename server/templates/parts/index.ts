import { commerce } from "./commerce";
import { community } from "./community";
import { content } from "./content";
import { education } from "./education";
import { events } from "./events";
import { food } from "./food";
import type { Part } from "./part";
import { places } from "./places";
import { sales } from "./sales";
import { work } from "./work";

const ALL = {
  ...sales,
  ...commerce,
  ...content,
  ...events,
  ...work,
  ...food,
  ...education,
  ...community,
  ...places,
} satisfies Record<string, Part>;

export type PartName = keyof typeof ALL;

/** The construction kit: every part by its table name (English, PascalCase, singular). */
export const PARTS: Record<PartName, Part> = ALL;
