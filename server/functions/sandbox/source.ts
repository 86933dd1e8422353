/**
 * How an uploaded JavaScript file becomes code QuickJS evaluates. ES modules (.mjs, or .js with
 * a top-level `export`/`import`) are evaluated as modules, whose namespace the runner reads;
 * anything else is CommonJS, wrapped so `module.exports` / `exports.handler` work as in Node.
 */
export type SourceKind = "module" | "commonjs";

const MODULE_SYNTAX = /^\s*(export\s|import\s*[{*\w])/m;

export function sourceKindOf(fileName: string, code: string): SourceKind {
  if (fileName.endsWith(".mjs")) return "module";
  if (fileName.endsWith(".cjs")) return "commonjs";
  return MODULE_SYNTAX.test(code) ? "module" : "commonjs";
}

/** A CommonJS file as an expression whose value is its `module.exports`. */
export function commonJsExpression(code: string) {
  return `(() => { const module = { exports: {} }; ((module, exports) => {\n${code}\n})(module, module.exports); return module.exports; })()`;
}
