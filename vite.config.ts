import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";
import { readBuildSettings } from "./app/settings/build-settings";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // Validated here, once: an invalid SITE_URL or CHAT_EMBED_URL stops the build naming the variable.
  define: { __BUILD_SETTINGS__: JSON.stringify(readBuildSettings()) },
  build: { assetsInlineLimit: 0 },
});
