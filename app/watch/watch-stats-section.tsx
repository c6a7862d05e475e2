/**
 * Home watch on the desk's Numbers page: visits on time, minutes per visit, issues found per month,
 * and storm checks done within their time (`watch-stats.server.ts` says how each is counted).
 */
export interface WatchStatsView {
  months: { label: string; done: number; onTime: string; issues: number }[];
  onTime: string;
  due: number;
  medianMinutes: number | null;
  storms: { due: number; withinTime: number };
}

const th = "border-b border-slate-300 px-2 py-1 text-left font-semibold text-navy-900";
const td = "border-b border-slate-200 px-2 py-1";

export function WatchStatsSection({ watch }: { watch: WatchStatsView }) {
  return (
    <section aria-labelledby="watch-numbers" className="mt-6">
      <h2 id="watch-numbers" className="text-lg font-bold text-navy-900">
        Home watch, last {watch.months.length} months
      </h2>
      <dl className="mt-2 grid max-w-xl grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>Visits on time</dt>
        <dd className="text-right font-semibold">
          {watch.onTime} <span className="font-normal text-slate-700">of {watch.due} due</span>
        </dd>
        <dt>Minutes per visit (median)</dt>
        <dd className="text-right font-semibold">{watch.medianMinutes ?? "–"}</dd>
        <dt>Storm checks done within their time</dt>
        <dd className="text-right font-semibold">
          {watch.storms.withinTime} of {watch.storms.due}
        </dd>
      </dl>
      <table className="mt-3 w-full max-w-xl text-sm">
        <caption className="sr-only">Home watch visits done, on time and issues found, by month</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>
              Month
            </th>
            <th scope="col" className={`${th} text-right`}>
              Visits done
            </th>
            <th scope="col" className={`${th} text-right`}>
              On time
            </th>
            <th scope="col" className={`${th} text-right`}>
              Issues found
            </th>
          </tr>
        </thead>
        <tbody>
          {watch.months.map((m) => (
            <tr key={m.label}>
              <th scope="row" className={`${td} text-left font-normal`}>
                {m.label}
              </th>
              <td className={`${td} text-right tabular-nums`}>{m.done}</td>
              <td className={`${td} text-right tabular-nums`}>{m.onTime}</td>
              <td className={`${td} text-right tabular-nums`}>{m.issues}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
