/** The schema-model rules (spec §4, §5): read, validate, normalize, and the checks the editor disables with. */
export { readStoredModel } from "./stored";
export { validateModel, modelProblems, type ModelContext } from "./problems";
export { MODEL_LIMITS, LIMIT_MESSAGE_IDS, type ModelLimit } from "./limits";
export { normalizeModel } from "./normalize";
export { canSortBy, effectiveFieldType, isSystemField, isDefaultSortField, listSortFields } from "./fieldKinds";
