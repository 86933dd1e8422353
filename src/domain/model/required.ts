import type { Directive, Field, ObjectType } from "./types";

/** Field required flags (spec §4): required stands for all three per-operation flags. */
export const REQUIRED_FLAGS = ["required", "requiredOnCreate", "requiredOnUpdate", "requiredOnDelete"] as const;
export type RequiredFlag = (typeof REQUIRED_FLAGS)[number];
const PER_OPERATION = ["requiredOnCreate", "requiredOnUpdate", "requiredOnDelete"] as const;
type PerOperationFlag = (typeof PER_OPERATION)[number];

const isRequiredDirective = (directive: Directive) => (REQUIRED_FLAGS as readonly string[]).includes(directive.name);

/** The checkbox state of a field; `required` (or all three) checks every box. */
export function requiredFlags(field: Field): Record<RequiredFlag, boolean> {
  const names = new Set(field.directives.map((directive) => directive.name));
  const all = names.has("required") || PER_OPERATION.every((flag) => names.has(flag));
  return {
    required: all,
    requiredOnCreate: all || names.has("requiredOnCreate"),
    requiredOnUpdate: all || names.has("requiredOnUpdate"),
    requiredOnDelete: all || names.has("requiredOnDelete"),
  };
}

export const isRequiredAnywhere = (field: Field) => field.directives.some(isRequiredDirective);

function withRequired(directives: readonly Directive[], on: ReadonlySet<PerOperationFlag>): Directive[] {
  const rest = directives.filter((directive) => !isRequiredDirective(directive));
  if (on.size === PER_OPERATION.length) return [...rest, { name: "required" }];
  return [...rest, ...PER_OPERATION.filter((flag) => on.has(flag)).map((name) => ({ name }))];
}

const onFlags = (field: Field) => {
  const flags = requiredFlags(field);
  return new Set(PER_OPERATION.filter((flag) => flags[flag]));
};

/**
 * The required-flag cycle: `required` toggles all three; a per-operation flag toggles alone, and
 * when all three end up set they collapse into `required`. Read-only fields never change.
 */
export function toggleRequired(field: Field, flag: RequiredFlag): Field {
  if (field.readonly) return field;
  const on = onFlags(field);
  if (flag === "required") {
    const all = on.size === PER_OPERATION.length;
    return { ...field, directives: withRequired(field.directives, all ? new Set() : new Set(PER_OPERATION)) };
  }
  if (on.has(flag)) on.delete(flag);
  else on.add(flag);
  return { ...field, directives: withRequired(field.directives, on) };
}

/** Stored form: all three per-operation flags as one `required`, no duplicates. */
export const collapseRequired = (field: Field): Field =>
  isRequiredAnywhere(field) ? { ...field, directives: withRequired(field.directives, onFlags(field)) } : field;

/** Table operation directives (spec §3 "On types … create, update and delete"). */
export const TYPE_OPERATIONS = ["create", "update", "delete"] as const;
export type TypeOperation = (typeof TYPE_OPERATIONS)[number];

/**
 * The operations a table's directives declare. The collapsed form (spec §4: all three "collapse
 * into a single create entry") is one `create` directive with args.operations listing all three.
 */
export function typeOperations(objectType: ObjectType): TypeOperation[] {
  const found = new Set<TypeOperation>();
  for (const directive of objectType.directives) {
    if (!(TYPE_OPERATIONS as readonly string[]).includes(directive.name)) continue;
    found.add(directive.name as TypeOperation);
    const listed = directive.args?.operations;
    if (Array.isArray(listed)) {
      for (const operation of listed) if (TYPE_OPERATIONS.includes(operation)) found.add(operation);
    }
  }
  return TYPE_OPERATIONS.filter((operation) => found.has(operation));
}

/** Stored form of the operation directives: all three become one collapsed `create`. */
export function collapseOperations(objectType: ObjectType): ObjectType {
  const operations = typeOperations(objectType);
  if (operations.length === 0) return objectType;
  const rest = objectType.directives.filter(
    (directive) => !(TYPE_OPERATIONS as readonly string[]).includes(directive.name),
  );
  const collapsed: Directive[] =
    operations.length === TYPE_OPERATIONS.length
      ? [{ name: "create", args: { operations: [...TYPE_OPERATIONS] } }]
      : operations.map((name) => ({ name }));
  return { ...objectType, directives: [...rest, ...collapsed] };
}

/**
 * The editor's one required control: which of the three operations require the field, as one
 * choice — none, any one or two of them, or all three, which is `required` (the §4 collapse).
 */
export const REQUIRED_CHOICES = ["none", "create", "update", "delete", "create+update", "create+delete", "update+delete", "always"] as const;
export type RequiredChoice = (typeof REQUIRED_CHOICES)[number];

export function requiredChoice(field: Field): RequiredChoice {
  const on = onFlags(field);
  if (on.size === PER_OPERATION.length) return "always";
  if (on.size === 0) return "none";
  return PER_OPERATION.filter((flag) => on.has(flag))
    .map((flag) => flag.slice("requiredOn".length).toLowerCase())
    .join("+") as RequiredChoice;
}

/** The field with the chosen operations required, collapsed as stored. Read-only fields never change. */
export function withRequiredChoice(field: Field, choice: RequiredChoice): Field {
  if (field.readonly) return field;
  const operations = choice === "always" ? ["create", "update", "delete"] : choice === "none" ? [] : choice.split("+");
  const on = new Set(PER_OPERATION.filter((flag) => operations.includes(flag.slice("requiredOn".length).toLowerCase())));
  return { ...field, directives: withRequired(field.directives, on) };
}
