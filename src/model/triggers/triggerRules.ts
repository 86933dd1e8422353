import type { ModelProblem, Resolver, SchemaModel } from "../../domain/model";

const DATA_CHANGES: readonly string[] = ["create", "update", "delete"];

/**
 * Spec §5: a trigger needs at least one data change (create, update or delete) among its types.
 * The shared rules only ask for one type of any kind, so the editor adds this one.
 */
export function triggerDataChangeProblems(model: SchemaModel): ModelProblem[] {
  return model.objectTypes.flatMap((objectType, typeIndex) =>
    objectType.resolvers
      .map((resolver, index) => ({ resolver, index }))
      .filter(({ resolver }) => !hasDataChange(resolver))
      .map(({ index }) => ({
        messageId: "form_feedback_trigger_data_change_required",
        path: ["objectTypes", typeIndex, "resolvers", index, "types"],
      })),
  );
}

const hasDataChange = (resolver: Resolver) => resolver.types.some((type) => DATA_CHANGES.includes(type));
