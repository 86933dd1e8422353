// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { describe, expect, it, vi } from "vitest";
import { TEMPLATES } from "../../../server/templates/catalog";
import { germanEnum, germanFieldName, germanTable } from "../../../server/templates/german";
import {
  initialModel,
  normalizeModel,
  stripTemplateDirectives,
  validateModel,
  type ObjectType,
  type SchemaModel,
} from "../../../src/domain/model";

const byKey = TEMPLATES.map((template) => [template.key, template] as const);

function allIds(model: SchemaModel) {
  return [
    ...model.enumTypes.map((enumType) => enumType.id),
    ...model.objectTypes.flatMap((objectType) => [objectType.id, ...objectType.fields.map((field) => field.id)]),
  ];
}

/** Every connection of a type, as the other side must see it. */
function connections(objectType: ObjectType) {
  const parents = [objectType.parents.first, objectType.parents.second].filter((parent) => parent != null);
  return { targets: objectType.targets.map((target) => target.targetId), parents: parents.map((parent) => parent.parentId) };
}

describe("template catalog", () => {
  it("offers at least eight templates with unique keys", () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(TEMPLATES.map((template) => template.key)).size).toBe(TEMPLATES.length);
    for (const key of ["blog", "crm", "shop", "events", "projects", "recipes", "inventory", "club"]) {
      expect(TEMPLATES.map((template) => template.key)).toContain(key);
    }
  });

  it.each(byKey)("%s has a name and description in English and German", (_key, template) => {
    for (const language of ["en", "de"] as const) {
      expect(template.localizations[language].name.trim()).not.toBe("");
      expect(template.localizations[language].description.trim()).not.toBe("");
    }
    expect(template.localizations.de.description).not.toBe(template.localizations.en.description);
  });

  it.each(byKey)("%s passes every model rule, also once its directives are stripped on apply, in English and German", (_key, template) => {
    for (const model of [template.schema, template.germanSchema]) {
      expect(validateModel(model)).toBeNull();
      expect(validateModel(stripTemplateDirectives(model))).toBeNull();
    }
  });

  it.each(byKey)("%s has the same shape in German: tables, fields, enums and connections, renamed", (_key, template) => {
    const shape = (model: SchemaModel) => ({
      tables: model.objectTypes.map((objectType) => [objectType.fields.map((field) => field.type), objectType.targets.length]),
      enums: model.enumTypes.map((enumType) => enumType.values.map((value) => value.name)),
    });
    expect(shape(template.germanSchema)).toEqual(shape(template.schema));
    // The German names are the translations themselves: none had to be renamed for a collision.
    const SYSTEM_FIELDS = ["id", "createdAt", "updatedAt"];
    const names = (model: SchemaModel, translate: boolean) => ({
      tables: model.objectTypes.map((objectType) => (translate ? germanTable(objectType.name) : objectType.name)),
      fields: model.objectTypes.map((objectType) =>
        objectType.fields.map((field) => (translate && !SYSTEM_FIELDS.includes(field.name) ? germanFieldName(field.name) : field.name)),
      ),
      enums: model.enumTypes.map((enumType) => (translate ? germanEnum(enumType.name) : enumType.name)),
    });
    expect(names(template.germanSchema, false)).toEqual(names(template.schema, true));
  });

  it.each(byKey)("%s is stored as it is (already normalized)", (_key, template) => {
    expect(normalizeModel(template.schema)).toEqual(template.schema);
  });

  it.each(byKey)("%s has at least three tables, a relation and an enum", (_key, template) => {
    expect(template.schema.objectTypes.length).toBeGreaterThanOrEqual(3);
    expect(template.schema.objectTypes.some((objectType) => objectType.targets.length > 0)).toBe(true);
    expect(template.schema.enumTypes.length).toBeGreaterThan(0);
    const enumIds = new Set(template.schema.enumTypes.map((enumType) => enumType.id));
    const enumFields = template.schema.objectTypes.flatMap((objectType) => objectType.fields).filter((field) => field.type === "Enum");
    expect(enumFields.every((field) => enumIds.has(field.typeId!))).toBe(true);
  });

  it.each(byKey)("%s uses unique 6-character ids", (_key, template) => {
    const ids = allIds(template.schema);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{6}$/);
  });

  it.each(byKey)("%s starts every table with id, createdAt and updatedAt as a new, saved table does", (_key, template) => {
    const withoutId = ({ id: _id, ...field }: { id: string }) => field;
    const expected = normalizeModel(initialModel()).objectTypes[0].fields.map(withoutId);
    for (const objectType of template.schema.objectTypes) {
      expect(objectType.fields.slice(0, 3).map(withoutId)).toEqual(expected);
      expect(objectType.fields.slice(3).every((field) => !field.readonly)).toBe(true);
      expect(objectType.connectorFieldName).toBe("id");
    }
  });

  it.each(byKey)("%s names tables in PascalCase and fields in camelCase", (_key, template) => {
    for (const objectType of template.schema.objectTypes) {
      expect(objectType.name).toMatch(/^[A-Z][A-Za-z0-9]+$/);
      for (const field of objectType.fields) expect(field.name).toMatch(/^[a-z][A-Za-z0-9]+$/);
    }
  });

  it.each(byKey)("%s keeps each connection on both sides with indexes 0..n-1 per table", (_key, template) => {
    const types = new Map(template.schema.objectTypes.map((objectType) => [objectType.id, objectType]));
    for (const objectType of template.schema.objectTypes) {
      const { targets, parents } = connections(objectType);
      for (const targetId of targets) expect(connections(types.get(targetId)!).parents).toContain(objectType.id);
      for (const parentId of parents) expect(connections(types.get(parentId)!).targets).toContain(objectType.id);
      const indexes = [
        ...objectType.targets.map((target) => target.index),
        ...[objectType.parents.first, objectType.parents.second].flatMap((parent) => (parent ? [parent.index] : [])),
      ].sort((a, b) => a - b);
      expect(indexes).toEqual(indexes.map((_, position) => position));
    }
  });

  it("marks public tables with public read and group", () => {
    const blog = TEMPLATES.find((template) => template.key === "blog")!;
    const post = blog.schema.objectTypes.find((objectType) => objectType.name === "Post")!;
    expect(post.directives.map((directive) => directive.name)).toEqual(["publicRead", "group"]);
    const stripped = stripTemplateDirectives(blog.schema).objectTypes.flatMap((objectType) => objectType.directives);
    expect(stripped).toEqual([]);
  });

  it("gives the same ids on every build, so re-seeding keeps them", async () => {
    const first = TEMPLATES.map((template) => allIds(template.schema));
    vi.resetModules();
    const again = (await import("../../../server/templates/catalog")).TEMPLATES;
    expect(again.map((template) => allIds(template.schema))).toEqual(first);
  });
});
