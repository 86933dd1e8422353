import { generatedNames } from "./generatedNames";
import type { ObjectType, SchemaModel } from "./types";

/**
 * The names AWS Amplify's generated code uses, which the project setting 'Amplify-compatible
 * names' adds beside the spec's (same resolvers). Get, create, update, delete and the onCreate…
 * subscriptions are named alike in both; Amplify adds the plural list and its `Model…` inputs.
 */

/**
 * Whole type names English makes irregular, as Amplify's pluraliser (the `pluralize` package)
 * knows them; matched on the whole name, so `SuperFoot` stays regular as it does there.
 */
const IRREGULAR_NAMES: Record<string, string> = {
  foot: "feet", tooth: "teeth", goose: "geese", ox: "oxen", quiz: "quizzes", human: "humans", mouse: "mice", louse: "lice", titmouse: "titmice",
};

/**
 * English plural of a type name, as Amplify's generated names come out: the irregular names
 * above; names ending in person → people, child → children, man/men → men (SalesPerson →
 * SalesPeople, Woman → Women); consonant + y → ies; s/x/z/ch/sh → es; else s. Uncountable words
 * (Equipment, Sheep) are not kept unchanged: their plural would be the spec's own list name.
 */
export function pluralName(name: string): string {
  const irregular = IRREGULAR_NAMES[name.toLowerCase()];
  if (irregular) return `${name[0]}${irregular.slice(1)}`;
  if (/person$/i.test(name)) return `${name.slice(0, -4)}ople`;
  if (/child$/i.test(name)) return `${name}ren`;
  if (/m[ae]n$/i.test(name)) return `${name.slice(0, -2)}en`;
  if (/[^aeiouAEIOU]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(name)) return `${name}es`;
  return `${name}s`;
}

export function amplifyOperationNames(objectType: Pick<ObjectType, "name">) {
  return { list: `list${pluralName(objectType.name)}` };
}

export function amplifyTypeNames(objectType: Pick<ObjectType, "name">) {
  const name = objectType.name;
  return {
    filter: `Model${name}FilterInput`,
    condition: `Model${name}ConditionInput`,
    subscriptionFilter: `ModelSubscription${name}FilterInput`,
    // What Amplify's list answers; its generated code names it in `__typename` and fragments.
    connection: `Model${name}Connection`,
  };
}

/** The input types shared by every table's Amplify filters (named as Amplify names them). */
export const AMPLIFY_SHARED_TYPE_NAMES = [
  "ModelSortDirection", "ModelAttributeTypes", "ModelSizeInput", "ModelStringInput", "ModelIDInput", "ModelIntInput",
  "ModelFloatInput", "ModelBooleanInput", "ModelEnumInput", "ModelListStringInput", "ModelListIntInput", "ModelListFloatInput",
  "ModelListBooleanInput", "ModelJsonInput",
  "ModelSubscriptionStringInput", "ModelSubscriptionIDInput", "ModelSubscriptionIntInput", "ModelSubscriptionFloatInput", "ModelSubscriptionBooleanInput",
] as const;

/**
 * The first Amplify name that is already a name of the model's schema (or another table's
 * Amplify name), with the table that wants it; null when all are free. Linear in the model.
 */
export function amplifyNameCollision(model: SchemaModel): { name: string; table: string } | null {
  const taken = new Set(generatedNames(model).filter((generated) => generated.scope === "type" || generated.scope === "operation").map((generated) => generated.name));
  for (const name of AMPLIFY_SHARED_TYPE_NAMES) {
    if (taken.has(name)) return { name, table: name };
    taken.add(name);
  }
  for (const objectType of model.objectTypes) {
    for (const name of [...Object.values(amplifyOperationNames(objectType)), ...Object.values(amplifyTypeNames(objectType))]) {
      if (taken.has(name)) return { name, table: objectType.name };
      taken.add(name);
    }
  }
  return null;
}
