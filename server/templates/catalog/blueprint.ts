import type { PartName } from "../parts";

interface Localization {
  name: string;
  description: string;
}

/** A template as picked parts; the catalog turns it into a model. */
export interface Blueprint {
  key: string;
  /** In tab order; parents before their children reads best. */
  parts: readonly PartName[];
  /** Tables visitors may read (public read and group); stripped when a project applies the template. */
  publicRead?: readonly PartName[];
  localizations: { en: Localization; de: Localization };
}
