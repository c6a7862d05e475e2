/**
 * Loads the frame's later parts (`frame-parts.ts`). The root's loader awaits `ready()`, so the
 * server renders them in full; in the browser they hydrate when their chunk arrives.
 */
import { later } from "~/ui/later";

export const frameParts = later(() => import("./frame-parts"));
