/**
 * One chunk for the page frame's code: every module of ours that the root route imports, however
 * many routes share it. Rollup would make a file of each module shared by different routes (the
 * icon, the profile, the toast…), and every public page fetched about twenty of them at start; one
 * file compresses as a whole and costs one request. The root route loads on every page, so nothing
 * in the shell is fetched by a page that would not have fetched it anyway.
 */
import type { ManualChunkMeta } from "rollup";

const ROOT_ROUTE = /\/app\/root\.tsx$/;
const OURS = /\/app\/|^\0vite\/preload-helper/;

export function shellChunk(): (id: string, meta: ManualChunkMeta) => string | undefined {
  let shell: Set<string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    shell ??= (() => {
      const found = new Set<string>();
      const root = [...getModuleIds()].find((m) => ROOT_ROUTE.test(m));
      const visit = (moduleId: string) => {
        for (const next of getModuleInfo(moduleId)?.importedIds ?? [])
          if (OURS.test(next) && !found.has(next) && !ROOT_ROUTE.test(next)) {
            found.add(next);
            visit(next);
          }
      };
      if (root) visit(root);
      return found;
    })();
    return shell.has(id) ? "shell" : undefined;
  };
}
