import { describe, expect, it } from "vitest";
import {
  RESOLVER_TYPES,
  addEnum,
  addEnumValue,
  addResolver,
  removeEnum,
  removeResolver,
  toggleResolverType,
  updateEnum,
  updateResolver,
  validateModel,
  type Resolver,
  type ResolverType,
} from "../../../src/domain/model";
import { blog, fieldByName, typeById } from "./fixtures";

describe("enums", () => {
  it("adds a new unnamed enum first", () => {
    const { model } = blog();
    const { model: next, id } = addEnum(model);
    expect(next.enumTypes.map((e) => e.name)).toEqual(["", "Status"]);
    expect(next.enumTypes[0]).toEqual({ id, name: "", values: [] });
  });
  it("adds no second enum while the first is unnamed, and points at the unnamed one", () => {
    const { model } = blog();
    const first = addEnum(model);
    const again = addEnum(first.model);
    expect(again.model).toBe(first.model);
    expect(again.id).toBe(first.id);
    const named = updateEnum(first.model, first.id, { name: "Priority" });
    expect(addEnum(named).model.enumTypes).toHaveLength(3);
  });
  it("treats a name of spaces as unnamed", () => {
    const { model } = blog();
    const first = addEnum(model);
    const spaces = updateEnum(first.model, first.id, { name: "   " });
    expect(addEnum(spaces).model).toBe(spaces);
  });
  it("updates only the given enum and keeps its id", () => {
    const { model } = blog();
    const next = updateEnum(model, "status", { name: "State", values: [{ name: "OPEN" }] });
    expect(next.enumTypes).toEqual([{ id: "status", name: "State", values: [{ name: "OPEN" }] }]);
  });
  it("adds an empty value only when the last one is non-empty", () => {
    const { model } = blog();
    const once = addEnumValue(model, "status");
    expect(once.enumTypes[0].values.map((v) => v.name)).toEqual(["DRAFT", "PUBLISHED", ""]);
    expect(addEnumValue(once, "status")).toBe(once);
  });
  it("removing an enum leaves its fields untyped, so they are dropped on save unless retyped", () => {
    const { model, postId } = blog();
    const next = removeEnum(model, "status");
    expect(next.enumTypes).toEqual([]);
    expect(fieldByName(next, postId, "status")).toMatchObject({ type: null, typeId: null, isEnum: false });
    expect(validateModel(next)).toBeNull();
  });
});

describe("triggers", () => {
  it("adds a trigger: before, all six operation types, Node 18", () => {
    const { model, authorId } = blog();
    const { model: next, id } = addResolver(model, authorId);
    expect(typeById(next, authorId).resolvers).toEqual([
      { id, name: "", step: "before", runtime: "nodejs18.x", types: [...RESOLVER_TYPES], archiveType: "S3" },
    ]);
    expect(RESOLVER_TYPES).toHaveLength(6);
  });
  it("adds no trigger while the last one has no name, and points at that one", () => {
    const { model, authorId } = blog();
    const first = addResolver(model, authorId);
    const again = addResolver(first.model, authorId);
    expect(again).toEqual(first);
    const named = updateResolver(first.model, authorId, first.id, { name: "audit" });
    expect(typeById(addResolver(named, authorId).model, authorId).resolvers).toHaveLength(2);
  });
  it("updates and removes a trigger by id", () => {
    const { model, postId } = blog();
    const [trigger] = typeById(model, postId).resolvers;
    const updated = updateResolver(model, postId, trigger.id, { step: "after", runtime: "python3.10" });
    expect(typeById(updated, postId).resolvers[0]).toMatchObject({ id: trigger.id, name: "notify", step: "after", runtime: "python3.10" });
    expect(typeById(removeResolver(updated, postId, trigger.id), postId).resolvers).toEqual([]);
  });

  const resolver = (types: ResolverType[]): Resolver => ({ id: "r1", name: "notify", step: "before", runtime: "nodejs18.x", types });
  it.each<[string, ResolverType[], ResolverType | "all", ResolverType[]]>([
    ["unchecks one type", [...RESOLVER_TYPES], "list", ["create", "update", "delete", "listByParent", "object"]],
    ["checks one type back in spec order", ["object"], "create", ["create", "object"]],
    ["All checks every type", ["update"], "all", [...RESOLVER_TYPES]],
    ["All on a full list keeps every type", [...RESOLVER_TYPES], "all", [...RESOLVER_TYPES]],
    ["the last remaining type stays checked", ["delete"], "delete", ["delete"]],
  ])("%s", (_, before, toggled, after) => {
    expect(toggleResolverType(resolver(before), toggled).types).toEqual(after);
  });
});
