import type { Plugin } from "vite";

/**
 * graphiql/style.css embeds Roboto and Fira Code as base64 woff2 (about 360 KB of its 420 KB);
 * the playground draws GraphiQL in the console's own typefaces, so those faces would travel with
 * the route for nothing. This drops the file's @font-face rules when it is loaded.
 */
export function graphiqlWithoutFonts(): Plugin {
  return {
    name: "baukasten:graphiql-without-fonts",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]graphiql[\\/]dist[\\/]style\.css$/.test(id.split("?")[0]!)) return null;
      return { code: code.replace(/@font-face\s*\{[^}]*\}/g, ""), map: null };
    },
  };
}
