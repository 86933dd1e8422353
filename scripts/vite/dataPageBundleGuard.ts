import type { Plugin } from "vite";
import { staticClosure, type ChunkLike } from "./loginBundleGuard";

/**
 * arktype's start-up (its scopes and the model's closed types) was a third of the data page's
 * warm load, spent between sending the page's queries and showing their rows. The
 * page reads the stored declaration with readStoredModel; what checks a declaration's shape
 * (parseModel) loads with the dialogs that need it. The CSV parser (papaparse) loads with the
 * import dialog, and Relay's legacy containers stay out by importing from react-relay/hooks.
 */
const KEPT_OFF_DATA_PAGE = [/[\\/]node_modules[\\/](arktype|@ark|papaparse)[\\/]/, /[\\/]react-relay[\\/]lib[\\/]ReactRelay(QueryRenderer|PaginationContainer|RefetchContainer|FragmentContainer)\.js$/];

/** Fails the build when the data screen's chunk or a chunk it imports statically contains arktype, papaparse or Relay's legacy containers. */
export function dataPageBundleGuard(dataScreen = "/src/data/DataScreen.tsx"): Plugin {
  return {
    name: "baukasten:data-page-bundle-guard",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const output of Object.values(bundle)) if (output.type === "chunk") chunks.set(output.fileName, output as unknown as ChunkLike);
      const screen = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(dataScreen));
      if (!screen) return this.error(`data page bundle guard: no chunk for ${dataScreen}`);
      const offending = staticClosure(screen, chunks).flatMap((chunk) =>
        chunk.moduleIds.filter((id) => KEPT_OFF_DATA_PAGE.some((pattern) => pattern.test(id))).map((id) => `${id} (in ${chunk.fileName})`),
      );
      if (offending.length) {
        this.error(`the data page would load modules it must not (see scripts/vite/dataPageBundleGuard.ts):\n  ${offending.slice(0, 10).join("\n  ")}`);
      }
    },
  };
}
