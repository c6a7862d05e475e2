/**
 * The content files, read the way the build reads them, so tests expect what the files say rather
 * than a copy of it that goes stale.
 */
import fs from "node:fs";
import path from "node:path";
import { parseServicePage, type ServicePage } from "../../../app/content/service-page-schema";
import type { ServiceSlug } from "../../../app/content/services";

const contentDir = path.resolve(import.meta.dirname, "../../../app/content");

export function servicePage(slug: ServiceSlug): ServicePage {
  const file = `services/${slug}.md`;
  return parseServicePage(file, fs.readFileSync(path.join(contentDir, file), "utf8"));
}
