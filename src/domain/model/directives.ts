import type { Directive, DirectiveName } from "./types";

export const hasDirective = (directives: readonly Directive[], name: DirectiveName) =>
  directives.some((directive) => directive.name === name);

/** Adds (once) or removes a directive without arguments. */
export function setDirective(directives: readonly Directive[], name: DirectiveName, on: boolean): Directive[] {
  const rest = directives.filter((directive) => directive.name !== name);
  return on ? [...rest, { name }] : rest;
}

export const withoutDirectives = (directives: readonly Directive[], names: readonly DirectiveName[]) =>
  directives.filter((directive) => !names.includes(directive.name));

/** Keeps the first directive of each name. */
export function uniqueDirectives(directives: readonly Directive[]): Directive[] {
  const seen = new Set<string>();
  return directives.filter((directive) => !seen.has(directive.name) && seen.add(directive.name));
}
