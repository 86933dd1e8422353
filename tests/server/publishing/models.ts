import { addField, addObjectType, initialModel, type SchemaModel } from "../../../src/domain/model";
import { setDirective } from "../../../src/domain/model/directives";

/**
 * A model publishing accepts (spec §5 'A user table must be set up at publish'): the users table
 * User with an Email field `email` and a String field `password`, plus `extraTables` tables
 * with a title and a price each.
 */
export function publishableModel(extraTables = 0): SchemaModel {
  let model = initialModel();
  const users = model.objectTypes[0];
  model = {
    ...model,
    objectTypes: [{ ...users, name: "User", directives: setDirective(users.directives, "users", true) }],
  };
  model = addField(model, users.id, { name: "email", type: "Email", directives: [{ name: "userEmail" }] }).model;
  model = addField(model, users.id, { name: "password", type: "String", directives: [{ name: "userPassword" }] }).model;
  for (let n = 1; n <= extraTables; n++) {
    const added = addObjectType(model, `Item${n}`);
    model = addField(added.model, added.id, { name: "title", type: "String" }).model;
    model = addField(model, added.id, { name: "price", type: "Float" }).model;
  }
  return model;
}
