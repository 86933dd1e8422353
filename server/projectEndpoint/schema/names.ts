/**
 * The names of a table's operations and types in its project's schema (spec §7). They live in
 * the domain, where the model rules refuse a model whose names would collide in the schema.
 */
export { childrenFieldName, operationNames, parentFieldName, parentIdInputName, typeNames } from "../../../src/domain/model/apiNames";
