/**
 * The opening hours as the profile states them, in a two-column list, led by today's closure when
 * the owner has entered one on the desk ("Closed today: Thanksgiving").
 */
import { profile } from "~/content/profile";
import { useSiteLiveData } from "~/components/layout/site-live-data";

/** Today's closure, in words; nothing on a normal day. */
export function ClosedToday({ className = "" }: { className?: string }) {
  const { closedToday } = useSiteLiveData();
  if (!closedToday) return null;
  return <p className={`font-bold ${className}`}>{`Closed today: ${closedToday}`}</p>;
}

export function BusinessHours({
  className = "",
  termClassName = "font-medium",
}: {
  className?: string;
  termClassName?: string;
}) {
  return (
    <>
      <ClosedToday className="mt-3" />
      <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 ${className}`}>
        {profile.hours.display.map((row) => (
          <div key={row.label} className="contents">
            <dt className={termClassName}>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
