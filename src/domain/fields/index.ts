export * from "./fieldType";
export * from "./registry";
export * from "./decimal";
export { CHECKS, INT_MAX, INT_MIN_EXCLUSIVE, type ValueCheck } from "./checks";
export * from "./entryText";
