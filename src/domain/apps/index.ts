export * from "./names";
export * from "./logo";
export * from "./schema";
export * from "./validate";
export * from "./access";
export * from "./page";
export * from "./editing";
export * from "./wordSearch";
