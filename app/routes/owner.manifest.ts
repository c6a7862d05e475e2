/** /owner/manifest.webmanifest: the desk installs on a phone's home screen as an app of its own. */
import { profile } from "~/content/profile";

export function loader() {
  const manifest = {
    name: `${profile.shortName} lead desk`,
    short_name: "Lead desk",
    id: "/owner",
    start_url: "/owner",
    scope: "/owner",
    display: "standalone",
    theme_color: "#0b2c47",
    background_color: "#ffffff",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8" },
  });
}
