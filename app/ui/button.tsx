/** Button looks shared by links and buttons, so a call to action looks the same whatever it is. */
export type ButtonVariant = "primary" | "secondary" | "ghost" | "light";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-sunset-700 text-white hover:bg-sunset-600 shadow-sm",
  secondary: "bg-navy-800 text-white hover:bg-navy-700 shadow-sm",
  ghost: "text-navy-800 hover:bg-sea-100",
  light: "bg-white text-navy-900 hover:bg-sand-100 shadow-sm",
};

export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}
