import { createContext, useContext } from "react";
import type { ModelProblem, SchemaModel } from "../domain/model";

/** What every part of the model editor reads and changes: the working copy and its rules. */
export interface ModelEditing {
  model: SchemaModel;
  problems: ModelProblem[];
  change(update: (model: SchemaModel) => SchemaModel): void;
  /** Tables can be changed (not an imported API, and the viewer may edit the model). */
  canEditTables: boolean;
  /** Enums can be changed (the viewer may edit the model). */
  canEditEnums: boolean;
  /** The project has been published: the users table is locked, triggers are offered. */
  published: boolean;
  /** The project has a live API (graphqlUrl), which triggers need. */
  hasPublishedApi: boolean;
  /** The project's default auth mode: table access is editable only for user sign-in modes. */
  authMode: string | null;
}

export const ModelEditingContext = createContext<ModelEditing | null>(null);

export function useModelEditing(): ModelEditing {
  const editing = useContext(ModelEditingContext);
  if (!editing) throw new Error("useModelEditing outside the model editor");
  return editing;
}
