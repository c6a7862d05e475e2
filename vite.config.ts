import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";
import { readBuildSettings } from "./app/settings/build-settings";
import { shellChunk } from "./scripts/vite/shell-chunk";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // Validated here, once: an invalid SITE_URL or CHAT_EMBED_URL stops the build naming the variable.
  define: { __BUILD_SETTINGS__: JSON.stringify(readBuildSettings()) },
  build: {
    assetsInlineLimit: 0,
    // Terser's second pass writes React, React Router and our code about 4 KB (gzipped) smaller than
    // esbuild on every public page: a tenth of the way from the start-up budget to its target.
    // The server's build is not minified; no visitor downloads it.
    minify: isSsrBuild ? false : "terser",
    terserOptions: { module: true, ecma: 2020, compress: { passes: 3 } },
    rollupOptions: isSsrBuild ? undefined : { output: { manualChunks: shellChunk() } },
  },
}));
