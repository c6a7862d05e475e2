/**
 * The opening hours in force as the owner published them, in a two-column list, led by today's
 * closure when the owner has entered one on the desk ("Closed today: Thanksgiving") and by the
 * special hours running or near ("Winter hours until Mar 31").
 */
import { useFacts, useSiteLiveData } from "~/components/layout/site-live-data";

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
  const { hoursRows, hoursNote } = useFacts();
  return (
    <>
      <ClosedToday className="mt-3" />
      {hoursNote === null ? null : <p className="font-semibold">{hoursNote}</p>}
      <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 ${className}`}>
        {hoursRows.map((row) => (
          <div key={row.label} className="contents">
            <dt className={termClassName}>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
