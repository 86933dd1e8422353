import { useState } from "react";
import type { SchemaModel } from "../../domain/model";

/** Saving from a dialog: busy while the declaration is stored, the server's error kept for display. */
export function useModelSave(save: (model: SchemaModel) => Promise<void>, onSaved: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (model: SchemaModel) => {
    setBusy(true);
    setError(null);
    try {
      await save(model);
      onSaved();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error };
}
