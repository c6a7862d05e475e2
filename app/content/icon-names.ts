/**
 * The names of the site's icons. Content (`services.ts`, the service page and FAQ files) refers to
 * icons by these names so it stays plain data, and the schemas refuse any other name;
 * `ui/icon.tsx` draws each one.
 */
export const iconNames = [
  "bath",
  "stairs",
  "window",
  "wrench",
  "hammer",
  "home",
  "shower",
  "eye",
  "shield",
  "calendar",
  "credit-card",
  "phone",
  "mail",
  "waves",
  "storm",
  "key",
  "ruler",
  "sun",
  "droplet",
  "clipboard",
  "star",
  "map-pin",
  "clock",
  "message",
  "check",
  "leaf",
  "thermometer",
  "camera",
  "zap",
  "award",
  "users",
  "dollar",
  "help",
] as const;

export type IconName = (typeof iconNames)[number];
