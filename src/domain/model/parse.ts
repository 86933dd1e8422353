import { type } from "arktype";
import { SchemaModel as SchemaModelShape } from "./shape";
import { withDefaults } from "./stored";
import { readDeclaration } from "./structure";
import type { ModelProblem, SchemaModel } from "./types";

const invalid = (path: (string | number)[], detail: string): { problem: ModelProblem } => ({
  problem: { messageId: "error_model_invalid", path, values: { detail } },
});

/**
 * Parses Api.schema JSON text (or a value) into a model. Size, depth and prototype keys are
 * checked first (./structure); shape errors, unknown keys included, become error_model_invalid.
 * Import it from here, not from the index: it loads arktype (see ./stored for the screens that
 * only show a stored declaration).
 */
export function parseModel(input: string | unknown): { model: SchemaModel } | { problem: ModelProblem } {
  const read = readDeclaration(input);
  if ("problem" in read) return read;
  const result = SchemaModelShape(withDefaults(read.value));
  if (result instanceof type.errors) {
    const path = Array.from(result[0].path, (key) => (typeof key === "number" ? key : String(key)));
    // One refusal names the first wrong key; a flood of them must not make a huge message.
    return invalid(path, result.summary.slice(0, 500));
  }
  return { model: result };
}
