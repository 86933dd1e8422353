import { Kind, visit, type ASTNode, type DocumentNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import { maxLengthOf, textInputProblem, type TextInputProblem } from "../../src/domain/limits";
import { refuse } from "../graphqlKit/errors";

const ENGLISH: Record<TextInputProblem, string> = {
  error_input_too_long: "This text is too long (at most {maxLength} characters).",
  error_input_nul_character: "Text must not contain NUL characters.",
};

/**
 * Every text a caller sends — inline in the query or as a variable, at any depth of an input
 * object — is checked against the limits of src/domain/limits.ts before any resolver runs, so
 * neither a 5 MB string nor a NUL character reaches the database.
 */
export function inputLimitsPlugin(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const refused = firstProblem(args.document, args.variableValues);
      if (refused) setResultAndStopExecution({ errors: [refused] });
    },
  };
}

/** What the walk over one document finds; the same for every request that sends it. */
interface DocumentVerdict {
  literal: { problem: TextInputProblem; field: string | undefined } | null;
  /** A variable takes the limit of the argument or field it is passed to (the strictest one). */
  variableFields: Map<string, string>;
}

/*
 * Yoga hands out one parsed document per query text (its parser cache) and per persisted id, so
 * the walk runs once per document, not on every request, which keeps it out of each request's CPU.
 */
const verdicts = new WeakMap<DocumentNode, DocumentVerdict>();

function firstProblem(document: DocumentNode, variables: Record<string, unknown> | null | undefined) {
  let verdict = verdicts.get(document);
  if (!verdict) {
    verdict = walk(document);
    verdicts.set(document, verdict);
  }
  if (verdict.literal) return refusal(verdict.literal.problem, verdict.literal.field);
  for (const [name, value] of Object.entries(variables ?? {})) {
    const found = variableProblem(value, verdict.variableFields.get(name));
    if (found) return found;
  }
  return null;
}

function walk(document: DocumentNode): DocumentVerdict {
  let literal: DocumentVerdict["literal"] = null;
  const variableFields = new Map<string, string>();
  visit(document, {
    Variable(node, _key, _parent, _path, ancestors) {
      const field = nearestName(ancestors);
      const known = variableFields.get(node.name.value);
      if (field && (!known || maxLengthOf(field) < maxLengthOf(known))) variableFields.set(node.name.value, field);
    },
    StringValue(node, _key, _parent, _path, ancestors) {
      const field = nearestName(ancestors);
      const problem = textInputProblem(field, node.value);
      if (problem) {
        literal = { problem, field };
        return false;
      }
      return undefined;
    },
  });
  return { literal, variableFields };
}

/** The argument or input field a literal belongs to (lists in between do not matter). */
function nearestName(ancestors: readonly (ASTNode | readonly ASTNode[])[]): string | undefined {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const node = ancestors[i] as ASTNode;
    if (node && "kind" in node && (node.kind === Kind.ARGUMENT || node.kind === Kind.OBJECT_FIELD)) return node.name.value;
  }
  return undefined;
}

function variableProblem(value: unknown, field: string | undefined): ReturnType<typeof refusal> | null {
  if (typeof value === "string") {
    const found = textInputProblem(field, value);
    return found ? refusal(found, field) : null;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = variableProblem(item, field);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = variableProblem(item, key);
      if (found) return found;
    }
  }
  return null;
}

function refusal(problem: TextInputProblem, field: string | undefined) {
  const maxLength = maxLengthOf(field);
  const message = ENGLISH[problem].replace("{maxLength}", String(maxLength));
  return refuse("BAD_USER_INPUT", problem, message, { field: field ?? null, maxLength, values: { maxLength: String(maxLength) } });
}
