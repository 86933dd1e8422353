import { transformAsync } from "@babel/core";
import type { Plugin } from "vite";

/**
 * Compiles `graphql` tags to imports of Relay's artifacts. relay.config.json is a multi-project
 * config (platform and project schemas), which babel-plugin-relay cannot read, so the artifact
 * directory both projects write to is given here.
 */
export function relayPlugin(artifactDirectory: string): Plugin {
  return {
    name: "baukasten:relay",
    async transform(source, id) {
      if (!/\.[jt]sx?$/.test(id) || !source.includes("graphql`")) return null;
      const result = await transformAsync(source, {
        plugins: [["babel-plugin-relay", { artifactDirectory, eagerEsModules: true }]],
        filename: id,
        sourceMaps: true,
        babelrc: false,
        configFile: false,
      });
      if (!result?.code) throw new Error(`Relay could not compile ${id}`);
      return { code: result.code, map: result.map };
    },
  };
}
