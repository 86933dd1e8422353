import type { SchemaModel } from "../../src/domain/model";
import { buildModel, type DraftTable } from "./build";
import { blog } from "./catalog/blog";
import type { Blueprint } from "./catalog/blueprint";
import { club } from "./catalog/club";
import { crm } from "./catalog/crm";
import { events } from "./catalog/events";
import { fitness } from "./catalog/fitness";
import { germanDrafts } from "./german";
import { helpdesk } from "./catalog/helpdesk";
import { inventory } from "./catalog/inventory";
import { library } from "./catalog/library";
import { practice } from "./catalog/practice";
import { projects } from "./catalog/projects";
import { realEstate } from "./catalog/realEstate";
import { recipes } from "./catalog/recipes";
import { recruiting } from "./catalog/recruiting";
import { school } from "./catalog/school";
import { shop } from "./catalog/shop";
import { PARTS, type PartName } from "./parts";

/** In the order the templates modal lists them. */
export const BLUEPRINTS: readonly Blueprint[] = [
  blog,
  crm,
  shop,
  events,
  projects,
  recipes,
  inventory,
  club,
  school,
  library,
  realEstate,
  fitness,
  recruiting,
  helpdesk,
  practice,
];

/** The tables of the named parts as drafts; `publicRead` tables carry public read and group. */
export function partDrafts(names: readonly PartName[], publicRead: readonly PartName[] = []): DraftTable[] {
  return names.map((name) => ({
    name,
    ...PARTS[name],
    directives: publicRead.includes(name) ? ["publicRead", "group"] : [],
  }));
}

interface Template {
  key: string;
  /** English names. */
  schema: SchemaModel;
  /** The same model with German table, field and enum names, for a German console. */
  germanSchema: SchemaModel;
  localizations: Blueprint["localizations"];
}

/** The templates the server seeds; ids are derived from the template key and names. */
export const TEMPLATES: Template[] = BLUEPRINTS.map((blueprint) => {
  const drafts = partDrafts(blueprint.parts, blueprint.publicRead);
  return {
    key: blueprint.key,
    schema: buildModel(drafts, `template:${blueprint.key}`),
    germanSchema: buildModel(germanDrafts(drafts), `template:${blueprint.key}`),
    localizations: blueprint.localizations,
  };
});
