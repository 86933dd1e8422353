import { addField, addObjectType, type FieldPatch, type SchemaModel } from "../../../src/domain/model";
import { PROJECT_BASE_TYPE_NAMES } from "../../../src/domain/model/apiNames";

/**
 * An imported project's model, read once from the live API's introspection: each object type
 * the API can list (a query answering `{ items: [T], nextToken }`) and get (a query taking `id`
 * answering T) becomes a table with its scalar fields; the operations it has for the table are
 * kept beside, so the data explorer calls them and is read-only where the API has no writes.
 */
export const INTROSPECTION = `query ImportIntrospection { __schema { queryType { name } mutationType { name } types { kind name
  fields { name args { name type { ...Ref } } type { ...Ref } } } } }
fragment Ref on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }`;

interface TypeRef { kind: string; name: string | null; ofType?: TypeRef | null }
interface IntrospectedField { name: string; args: { name: string; type: TypeRef }[]; type: TypeRef }
interface IntrospectedType { kind: string; name: string; fields: IntrospectedField[] | null }
export interface Introspection { __schema: { queryType: { name: string } | null; mutationType: { name: string } | null; types: IntrospectedType[] } }

/** How the explorer calls one imported table: the live API's operation names and input types. */
export interface ImportedTable {
  name: string;
  fields: string[];
  list: string;
  get: string;
  create?: { name: string; inputType: string };
  update?: { name: string; inputType: string };
  delete?: { name: string; inputType: string };
}

const named = (type: TypeRef): TypeRef => (type.ofType && (type.kind === "NON_NULL" || type.kind === "LIST") ? named(type.ofType) : type);
const isList = (type: TypeRef): boolean => type.kind === "LIST" || (type.kind === "NON_NULL" && !!type.ofType && isList(type.ofType));
const printed = (type: TypeRef): string =>
  type.kind === "NON_NULL" ? `${printed(type.ofType!)}!` : type.kind === "LIST" ? `[${printed(type.ofType!)}]` : (type.name ?? "");
const required = (type: TypeRef) => type.kind === "NON_NULL";

/** GraphQL and AppSync scalars as the model's field types; anything else is not imported. */
const SCALARS: Record<string, FieldPatch["type"]> = {
  String: "String", Int: "Integer", Float: "Float", Boolean: "Boolean", ID: "ID", AWSDateTime: "DateTime", AWSDate: "Date", AWSTime: "Time",
  AWSTimestamp: "Timestamp", AWSEmail: "Email", AWSJSON: "Json", AWSURL: "Url", AWSPhone: "Phone", AWSIPAddress: "IpAddress",
};
const LIST_SCALARS: Record<string, FieldPatch["type"]> = { String: "ListString", Int: "ListInteger", Float: "ListFloat", Boolean: "ListBoolean" };

/** Fields every table has already, and the entry's creator, which the live API fills itself. */
const SYSTEM_FIELDS = new Set(["id", "createdAt", "updatedAt", "owner"]);

function fieldType(field: IntrospectedField, types: Map<string, IntrospectedType>): FieldPatch["type"] | null {
  const base = named(field.type);
  if (field.args.some((arg) => required(arg.type))) return null;
  if (base.kind === "ENUM") return isList(field.type) ? null : "String";
  if (base.kind !== "SCALAR" || !base.name) return null;
  if (types.get(base.name)?.kind !== "SCALAR") return null;
  return (isList(field.type) ? LIST_SCALARS[base.name] : SCALARS[base.name]) ?? null;
}

/** The table's list: a query without required arguments answering a page of the type with a nextToken. */
function listOperation(queries: IntrospectedField[], typeName: string, types: Map<string, IntrospectedType>) {
  return queries.find((query) => {
    if (query.args.some((arg) => required(arg.type))) return false;
    const page = types.get(named(query.type).name ?? "");
    const items = page?.fields?.find((field) => field.name === "items");
    return !!items && isList(items.type) && named(items.type).name === typeName && !!page?.fields?.some((field) => field.name === "nextToken");
  });
}

function writeOperation(mutations: IntrospectedField[], name: string, typeName: string) {
  const mutation = mutations.find((candidate) => candidate.name === name && named(candidate.type).name === typeName);
  const input = mutation?.args.find((arg) => arg.name === "input");
  return mutation && input ? { name: mutation.name, inputType: printed(input.type) } : undefined;
}

/**
 * The model and the tables' operations. Baukasten's own built-in types (API keys, files,
 * functions, activities) are not tables of a project and stay out. Linear in the schema's size.
 */
export function importedModel(introspection: Introspection): { model: SchemaModel; tables: ImportedTable[] } {
  const schema = introspection.__schema;
  const types = new Map(schema.types.map((type) => [type.name, type]));
  const queries = types.get(schema.queryType?.name ?? "")?.fields ?? [];
  const mutations = types.get(schema.mutationType?.name ?? "")?.fields ?? [];
  const builtIn = new Set<string>(PROJECT_BASE_TYPE_NAMES);
  const listed = new Map<string, IntrospectedField>();
  for (const query of queries) {
    const page = types.get(named(query.type).name ?? "");
    const items = page?.fields?.find((field) => field.name === "items");
    const itemType = items ? named(items.type).name : null;
    if (itemType && !listed.has(itemType)) {
      const list = listOperation([query], itemType, types);
      if (list) listed.set(itemType, list);
    }
  }
  let model: SchemaModel = { objectTypes: [], enumTypes: [] };
  const tables: ImportedTable[] = [];
  for (const [typeName, list] of listed) {
    const type = types.get(typeName);
    if (!type || type.kind !== "OBJECT" || builtIn.has(typeName) || typeName.startsWith("__")) continue;
    const get = queries.find((query) => named(query.type).name === typeName && !isList(query.type) && query.args.some((arg) => arg.name === "id"));
    if (!get) continue;
    const added = addObjectType(model, typeName);
    model = added.model;
    const fields: string[] = [];
    for (const field of type.fields ?? []) {
      const kind = SYSTEM_FIELDS.has(field.name) ? null : fieldType(field, types);
      if (!kind) continue;
      model = addField(model, added.id, { name: field.name, type: kind }).model;
      fields.push(field.name);
    }
    tables.push({
      name: typeName,
      fields,
      list: list.name,
      get: get.name,
      create: writeOperation(mutations, `create${typeName}`, typeName),
      update: writeOperation(mutations, `update${typeName}`, typeName),
      delete: writeOperation(mutations, `delete${typeName}`, typeName),
    });
  }
  return { model, tables };
}
