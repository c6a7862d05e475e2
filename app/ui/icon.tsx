/**
 * The site's icons: small stroke drawings on a 24-unit grid, inlined so they cost no request.
 * Content refers to them by name (`content/icon-names.ts`).
 */
import type { IconName } from "~/content/icon-names";

const paths: Record<
  IconName | "menu" | "close" | "chevron-down" | "panel" | "facebook" | "instagram" | "arrow-left" | "upload" | "x",
  string
> = {
  bath: "M4 12h16v3a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4zM6 12V5a2 2 0 0 1 4 0M7 19l-1 2M17 19l1 2",
  stairs: "M3 20h5v-5h5v-5h5V5h3M3 20v-1",
  window: "M4 3h16v18H4zM12 3v18M4 12h16",
  wrench: "M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.6 2.6-2.4-.6-.6-2.4z",
  hammer: "M14 6l4 4M3 21l9-9M11 7l4-4 6 6-4 4zM12 12l-2-2",
  home: "M3 11l9-8 9 8M5 9.5V21h14V9.5M10 21v-6h4v6",
  shower: "M4 21V7a4 4 0 0 1 8 0M9 7h6M10 11v1M13 11v1M16 11v1M10 15v1M13 15v1M16 15v1",
  eye: "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4",
  calendar: "M4 5h16v16H4zM4 10h16M8 3v4M16 3v4",
  "credit-card": "M3 6h18v12H3zM3 10h18M7 15h3",
  phone: "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2",
  mail: "M3 6h18v12H3zM3 7l9 6 9-6",
  waves: "M2 8c2-2 4-2 6 0s4 2 6 0 4-2 6 0M2 13c2-2 4-2 6 0s4 2 6 0 4-2 6 0M2 18c2-2 4-2 6 0s4 2 6 0 4-2 6 0",
  storm: "M7 16a5 5 0 1 1 1.5-9.8A6 6 0 0 1 20 9a4 4 0 0 1-2 7M13 12l-3 5h4l-3 5",
  key: "M15 3a6 6 0 1 1-5.2 9l-6.8 6.8V21h3v-2h2v-2h2l1.4-1.4A6 6 0 0 1 15 3zM16 7h.01",
  ruler: "M3 17L17 3l4 4L7 21zM7 13l2 2M10 10l2 2M13 7l2 2",
  sun: "M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
  droplet: "M12 3s6 6.5 6 11a6 6 0 0 1-12 0c0-4.5 6-11 6-11z",
  clipboard: "M9 4h6v3H9zM7 5H5v16h14V5h-2M8 12h8M8 16h5",
  star: "M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z",
  "map-pin": "M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM12 7a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  clock: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 3",
  message: "M4 4h16v12H8l-4 4z",
  check: "M4 12l5 5L20 6",
  leaf: "M5 21c0-9 6-15 15-16-1 9-7 15-15 16zM5 21l7-7",
  thermometer: "M10 4a2 2 0 0 1 4 0v10a4 4 0 1 1-4 0zM12 10v7",
  camera: "M3 8h4l2-3h6l2 3h4v12H3zM12 10a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7z",
  zap: "M13 2L4 14h7l-1 8 9-12h-7z",
  award: "M12 3a6 6 0 1 0 0 12 6 6 0 0 0 0-12zM8.5 14L7 22l5-3 5 3-1.5-8",
  users: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7M18 14a6 6 0 0 1 4 7",
  dollar: "M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6",
  help: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7v.5M12 17h.01",
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 6l12 12M18 6L6 18",
  x: "M6 6l12 12M18 6L6 18",
  "chevron-down": "M6 9l6 6 6-6",
  panel: "M3 4h18v16H3zM9 4v16",
  facebook: "M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H7v3h2v8h3v-8h2.5l.5-3h-3V7a1 1 0 0 1 1-1h2z",
  instagram: "M4 4h16v16H4zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM17 7h.01",
  "arrow-left": "M19 12H5M11 18l-6-6 6-6",
  upload: "M12 16V4M7 9l5-5 5 5M4 16v4h16v-4",
};

export type AnyIconName = keyof typeof paths;

interface IconProps {
  name: AnyIconName;
  className?: string;
  /** a label makes the icon meaningful to screen readers; without one it is decoration */
  label?: string;
}

export function Icon({ name, className = "size-5", label }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
