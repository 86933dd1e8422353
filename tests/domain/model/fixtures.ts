import {
  addConnection,
  addField,
  addObjectType,
  addResolver,
  initialModel,
  renameObjectType,
  updateResolver,
  type SchemaModel,
} from "../../../src/domain/model";

/** A valid blog: Author has many Post; Post has a title and a Status enum field; Post has a trigger. */
export function blog() {
  let model: SchemaModel = initialModel();
  const authorId = model.objectTypes[0].id;
  model = renameObjectType(model, authorId, "Author");
  const post = addObjectType(model, "Post");
  model = post.model;
  const postId = post.id;
  model = { ...model, enumTypes: [{ id: "status", name: "Status", values: [{ name: "DRAFT" }, { name: "PUBLISHED" }] }] };
  model = addField(model, postId, { name: "title" }).model;
  model = addField(model, postId, { name: "status", type: "Enum", typeId: "status" }).model;
  model = addConnection(model, authorId, postId, "hasMany");
  const trigger = addResolver(model, postId);
  model = updateResolver(trigger.model, postId, trigger.id, { name: "notify" });
  return { model, authorId, postId };
}

/** n tables named T1..Tn with the three system fields. */
export function tables(n: number) {
  let model: SchemaModel = { objectTypes: [], enumTypes: [] };
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const added = addObjectType(model, `T${i}`);
    model = added.model;
    ids.push(added.id);
  }
  return { model, ids };
}

export const typeById = (model: SchemaModel, id: string) => model.objectTypes.find((t) => t.id === id)!;
export const fieldByName = (model: SchemaModel, typeId: string, name: string) =>
  typeById(model, typeId).fields.find((f) => f.name === name)!;

/** A deep copy to break on purpose. */
export const copy = (model: SchemaModel): SchemaModel => structuredClone(model);
