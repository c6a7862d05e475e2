/** The opening hours as the profile states them, in a two-column list. */
import { profile } from "~/content/profile";

export function BusinessHours({
  className = "",
  termClassName = "font-medium",
}: {
  className?: string;
  termClassName?: string;
}) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 ${className}`}>
      {profile.hours.display.map((row) => (
        <div key={row.label} className="contents">
          <dt className={termClassName}>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
