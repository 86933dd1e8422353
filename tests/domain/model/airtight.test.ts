import { describe, expect, it } from "vitest";
import {
  MODEL_LIMITS,
  TABLE_PERMISSIONS,
  canEditPermissions,
  modelProblems,
  normalizeModel,
  validateModel,
  type SchemaModel,
} from "../../../src/domain/model";
import { parseModel } from "../../../src/domain/model/parse";
import { blog, copy } from "./fixtures";
import { largestDeclaration } from "./largest";

const post = (model: SchemaModel) => model.objectTypes[1];
/** The blog as JSON text with one change applied to its plain (untyped) copy. */
function text(change: (model: any) => void): string {
  const model = copy(blog().model);
  change(model);
  return JSON.stringify(model);
}
const problemOf = (result: ReturnType<typeof parseModel>) => ("problem" in result ? result.problem : null);

describe("an unknown key anywhere is refused with its path, never stored", () => {
  it.each<[string, (model: any) => void, (string | number)[]]>([
    ["a key at the top", (m) => (m.extra = 1), ["extra"]],
    ["a third parent", (m) => (m.objectTypes[1].parents.third = { parentId: m.objectTypes[0].id, index: 1 }), ["objectTypes", 1, "parents", "third"]],
    ["a trigger list under a key the model does not use", (m) => (m.objectTypes[1].triggers = []), ["objectTypes", 1, "triggers"]],
    ["a field key holding <script> text", (m) => (m.objectTypes[1].fields[3]["<script>alert(1)</script>"] = true), ["objectTypes", 1, "fields", 3, "<script>alert(1)</script>"]],
    ["a key on a directive", (m) => (m.objectTypes[1].fields[2].directives[0].onclick = "x"), ["objectTypes", 1, "fields", 2, "directives", 0, "onclick"]],
    ["a key on a trigger", (m) => (m.objectTypes[1].resolvers[0].code = "rm -rf /"), ["objectTypes", 1, "resolvers", 0, "code"]],
    ["a key on a connection", (m) => (m.objectTypes[0].targets[0].cascade = true), ["objectTypes", 0, "targets", 0, "cascade"]],
    ["a key on an enum", (m) => (m.enumTypes[0].default = "DRAFT"), ["enumTypes", 0, "default"]],
    ["a key on an enum value", (m) => (m.enumTypes[0].values[0].label = "Draft"), ["enumTypes", 0, "values", 0, "label"]],
  ])("%s", (_, change, path) => {
    const problem = problemOf(parseModel(text(change)));
    expect(problem).toMatchObject({ messageId: "error_model_invalid", path });
    // The message names where the key is.
    expect(String(problem?.values?.detail)).toContain(String(path.at(-1)));
  });

  it.each([
    ["at the top", '{"__proto__":{"polluted":true},"objectTypes":[],"enumTypes":[]}', ["__proto__"]],
    ["inside searchConfig", (() => { const t = text(() => {}); return t.replace('"parents":{', '"searchConfig":{"__proto__":{"x":1}},"parents":{'); })(), ["objectTypes", 0, "searchConfig", "__proto__"]],
    ["constructor inside a directive's args", text((m) => (post(m).fields[2].directives = [{ name: "unique", args: { constructor: { prototype: 1 } } }])), ["objectTypes", 1, "fields", 2, "directives", 0, "args", "constructor"]],
  ])("a prototype key %s", (_, input, path) => {
    expect(problemOf(parseModel(input as string))).toMatchObject({ messageId: "error_model_invalid", path });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("the normaliser keeps only declared keys, whatever reaches it", () => {
    const model = copy(blog().model) as any;
    model.stray = 1;
    model.objectTypes[1].stray = 2;
    model.objectTypes[1].fields[3].stray = 3;
    model.objectTypes[1].parents.stray = 4;
    model.objectTypes[1].resolvers[0].stray = 5;
    model.enumTypes[0].values[0].stray = 6;
    expect(JSON.stringify(normalizeModel(model))).not.toContain("stray");
  });
});

describe("the system fields keep their types (spec §3: id an ID, createdAt and updatedAt strings)", () => {
  it.each([
    ["id", "String", "ID"],
    ["id", "Integer", "ID"],
    ["createdAt", "Integer", "String"],
    ["createdAt", "DateTime", "String"],
    ["updatedAt", "Boolean", "String"],
    ["updatedAt", "ListString", "String"],
  ] as const)("%s as %s is refused", (name, type, expected) => {
    const model = copy(blog().model);
    const index = post(model).fields.findIndex((f) => f.name === name);
    post(model).fields[index].type = type;
    expect(modelProblems(normalizeModel(model))).toContainEqual({
      messageId: "error_model_system_field_type",
      path: ["objectTypes", 1, "fields", index, "type"],
      values: { field: name, type: expected },
    });
  });
});

describe("permission directives only where permissions can be edited (spec §5)", () => {
  const withDirective = (name: (typeof TABLE_PERMISSIONS)[number]) => {
    const model = copy(blog().model);
    post(model).directives.push({ name });
    return normalizeModel(model);
  };
  const refusing = ["aws_api_key", "aws_iam", null];
  it.each(TABLE_PERMISSIONS.flatMap((name) => refusing.map((authMode) => [name, authMode] as const)))(
    "@%s is refused with auth mode %s",
    (name, authMode) => {
      expect(canEditPermissions(authMode)).toBe(false);
      expect(validateModel(withDirective(name), { authMode })).toMatchObject({
        messageId: "error_model_permissions_auth_mode",
        path: ["objectTypes", 1, "directives", 0],
      });
    },
  );
  it.each(["aws_oidc", "aws_cognito_user_pools"])("every permission is accepted with %s", (authMode) => {
    expect(canEditPermissions(authMode)).toBe(true);
    for (const name of TABLE_PERMISSIONS) expect(validateModel(withDirective(name), { authMode })).toBeNull();
  });
  it("the users directive is not a permission and stays allowed", () => {
    const model = copy(blog().model);
    post(model).directives.push({ name: "users" });
    expect(validateModel(model, { authMode: "aws_api_key" })).toBeNull();
  });
});

describe("dynamic only on String fields (spec §5: stored as a string with the dynamic directive)", () => {
  it.each(["Integer", "Boolean", "ListString", "Json", "Enum"] as const)("@dynamic on %s is refused", (type) => {
    const model = copy(blog().model);
    const field = post(model).fields[3];
    Object.assign(field, { type, typeId: type === "Enum" ? "status" : null, directives: [{ name: "dynamic" }] });
    expect(validateModel(normalizeModel(model))).toEqual({
      messageId: "error_model_dynamic_string",
      path: ["objectTypes", 1, "fields", 3, "directives"],
    });
  });
  it("a Dynamic field is stored as String + @dynamic and accepted", () => {
    const model = copy(blog().model);
    post(model).fields[3].type = "Dynamic";
    const stored = normalizeModel(model);
    expect(post(stored).fields[3]).toMatchObject({ type: "String", directives: [{ name: "dynamic" }] });
    expect(validateModel(stored)).toBeNull();
  });
});

describe("limits, each refusal naming the limit", () => {
  const many = <T,>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
  const over = <T,>(limit: number, make: (i: number) => T) => many(limit + 1, make);
  it.each<[string, (m: SchemaModel) => void, string, (string | number)[]]>([
    ["tables", (m) => m.objectTypes.push(...over(MODEL_LIMITS.tables, (i) => ({ ...copy(m).objectTypes[0], id: `x${i}`, name: `X${i}`, targets: [] }))), "error_model_limit_tables", ["objectTypes"]],
    ["fields per table", (m) => post(m).fields.push(...over(MODEL_LIMITS.fieldsPerTable, (i) => ({ id: `g${i}`, name: `g${i}`, type: "String" as const, directives: [] }))), "error_model_limit_fields", ["objectTypes", 1, "fields"]],
    ["triggers per table", (m) => post(m).resolvers.push(...over(MODEL_LIMITS.triggersPerTable, (i) => ({ ...post(m).resolvers[0], id: `r${i}` }))), "error_model_limit_triggers", ["objectTypes", 1, "resolvers"]],
    ["enums", (m) => m.enumTypes.push(...over(MODEL_LIMITS.enums, (i) => ({ id: `e${i}`, name: `E${i}`, values: [{ name: "A" }] }))), "error_model_limit_enums", ["enumTypes"]],
    ["values per enum", (m) => (m.enumTypes[0].values = over(MODEL_LIMITS.valuesPerEnum, (i) => ({ name: `V${i}` }))), "error_model_limit_enum_values", ["enumTypes", 0, "values"]],
  ])("one more than the limit of %s", (_, change, messageId, path) => {
    const model = copy(blog().model);
    change(model);
    const limit = { error_model_limit_tables: "tables", error_model_limit_fields: "fieldsPerTable", error_model_limit_triggers: "triggersPerTable", error_model_limit_enums: "enums", error_model_limit_enum_values: "valuesPerEnum" } as const;
    expect(validateModel(model)).toEqual({ messageId, path, values: { max: MODEL_LIMITS[limit[messageId as keyof typeof limit]] } });
  });

  const long = "n".repeat(MODEL_LIMITS.nameLength + 1);
  it.each<[string, (m: SchemaModel) => void, (string | number)[]]>([
    ["a table name", (m) => (post(m).name = "P" + long), ["objectTypes", 1, "name"]],
    ["a field name", (m) => (post(m).fields[3].name = long), ["objectTypes", 1, "fields", 3, "name"]],
    ["a trigger name", (m) => (post(m).resolvers[0].name = long), ["objectTypes", 1, "resolvers", 0, "name"]],
    ["an enum name", (m) => (m.enumTypes[0].name = "E" + long), ["enumTypes", 0, "name"]],
    ["an enum value", (m) => (m.enumTypes[0].values[0].name = "V" + long), ["enumTypes", 0, "values", 0, "name"]],
  ])("%s longer than the name limit", (_, change, path) => {
    const model = copy(blog().model);
    change(model);
    expect(validateModel(model)).toEqual({ messageId: "form_feedback_name_maxlength", path, values: { max: MODEL_LIMITS.nameLength } });
  });

  it("a label longer than its limit", () => {
    const model = copy(blog().model);
    post(model).fields[3].label = "L".repeat(MODEL_LIMITS.labelLength + 1);
    expect(validateModel(model)).toEqual({
      messageId: "error_model_limit_label",
      path: ["objectTypes", 1, "fields", 3, "label"],
      values: { max: MODEL_LIMITS.labelLength },
    });
  });

  it("a declaration text over the size limit, before it is parsed", () => {
    const input = text((m) => (post(m).resolvers[0].handler = "h".repeat(MODEL_LIMITS.declarationSize)));
    expect(problemOf(parseModel(input))).toEqual({ messageId: "error_model_limit_size", path: [], values: { max: MODEL_LIMITS.declarationSize } });
  });
  it("a declaration value over the size limit", () => {
    const model = copy(blog().model);
    post(model).resolvers[0].handler = "h".repeat(MODEL_LIMITS.declarationSize);
    expect(problemOf(parseModel(model))?.messageId).toBe("error_model_limit_size");
  });

  const deepJunk = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
  it.each([5_000, 100_000])("junk nested %i levels deep in searchConfig, as text: a clear refusal", (levels) => {
    const input = text(() => {}).replace('"parents":{', `"searchConfig":{"q":${deepJunk(levels)}},"parents":{`);
    expect(problemOf(parseModel(input))).toEqual({ messageId: "error_model_limit_depth", path: [], values: { max: MODEL_LIMITS.depth } });
  });
  it("junk nested 5,000 levels deep as a value: refused without recursion", () => {
    let junk: unknown = [];
    for (let level = 0; level < 5_000; level++) junk = [junk];
    const model = copy(blog().model) as any;
    post(model).searchConfig = { q: junk };
    expect(problemOf(parseModel(model))).toMatchObject({ messageId: "error_model_limit_depth", values: { max: MODEL_LIMITS.depth } });
  });
  it("brackets inside strings do not count as nesting", () => {
    const input = text((m) => (post(m).resolvers[0].handler = "[{".repeat(1000)));
    expect(problemOf(parseModel(input))).toBeNull();
  });

  it("the largest declaration the limits allow is accepted", () => {
    const { text: largest } = largestDeclaration();
    expect(largest.length).toBe(MODEL_LIMITS.declarationSize);
    const parsed = parseModel(largest);
    expect(problemOf(parsed)).toBeNull();
    const model = normalizeModel((parsed as { model: SchemaModel }).model);
    expect(validateModel(model, { authMode: "aws_api_key" })).toBeNull();
  });
});
