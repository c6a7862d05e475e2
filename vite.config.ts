import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";

// SITE_URL and CHAT_EMBED_URL are build-time settings: prerendered HTML bakes them in.
const siteUrl = (process.env.SITE_URL ?? "").replace(/\/+$/, "");
const chatEmbedUrl = process.env.CHAT_EMBED_URL ?? "";

for (const [name, value] of Object.entries({ SITE_URL: siteUrl, CHAT_EMBED_URL: chatEmbedUrl })) {
  if (value && !/^https?:\/\/[^/]+/.test(value)) throw new Error(`Invalid configuration: ${name} must be an http(s) URL`);
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  define: {
    __SITE_URL__: JSON.stringify(siteUrl),
    __CHAT_EMBED_URL__: JSON.stringify(chatEmbedUrl),
  },
  build: { assetsInlineLimit: 0 },
});
