/** The schema-model rules (spec §4, §5): parse, validate, normalize, and the checks the editor disables with. */
export { parseModel } from "./parse";
export { validateModel, modelProblems } from "./problems";
export { normalizeModel } from "./normalize";
export { canSortBy, effectiveFieldType, isSystemField, isDefaultSortField } from "./fieldKinds";
