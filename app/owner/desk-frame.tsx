/**
 * The desk's frame: a compact header, the sections (`desk-navigation.tsx`: a bar at the bottom on a
 * phone, a row under the header from 768 px), every target at least 44 px, and the page between
 * them. No public header, footer or dialog.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { PhoneDeskNavigation, WideDeskNavigation, type DeskCounts } from "./desk-navigation";

export const deskButton =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-base font-semibold disabled:cursor-not-allowed disabled:opacity-60";
export const primaryButton = `${deskButton} bg-navy-800 text-white hover:bg-navy-700`;
export const secondaryButton = `${deskButton} border border-navy-800 bg-white text-navy-900 hover:bg-sea-50`;
export const dangerButton = `${deskButton} border border-red-800 bg-white text-red-800 hover:bg-red-50`;
export const inputClass =
  "block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-600";
export const labelClass = "mb-1 block text-sm font-semibold text-navy-900";

export function DeskFrame({
  signedIn,
  counts,
  children,
}: {
  signedIn: boolean;
  counts: DeskCounts;
  children: ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-navy-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <header className="sticky top-0 z-10 bg-navy-900 text-white shadow">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-3 py-1">
          <p className="text-base font-bold">Lead desk</p>
          {signedIn ? (
            <Form method="post" action="/owner/sign-out" reloadDocument>
              <button
                type="submit"
                name="scope"
                value="this"
                className={`${deskButton} text-white underline hover:bg-navy-800`}
              >
                Sign out
              </button>
            </Form>
          ) : null}
        </div>
        {signedIn ? <WideDeskNavigation counts={counts} /> : null}
      </header>
      {/* Below 768 px the page ends above the bar, so the bar never covers its last buttons. */}
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto w-full max-w-5xl px-3 py-4 outline-none ${signedIn ? "pb-[calc(6rem+env(safe-area-inset-bottom))] md:pb-4" : ""}`}
      >
        {children}
      </main>
      {signedIn ? <PhoneDeskNavigation counts={counts} /> : null}
    </>
  );
}

/** A message after an action: role=status for news, role=alert for a problem. */
export function Notice({ tone, children }: { tone: "ok" | "error"; children: ReactNode }) {
  return tone === "ok" ? (
    <p role="status" className="my-3 rounded-lg border border-sea-600 bg-sea-50 p-3 font-medium text-navy-900">
      {children}
    </p>
  ) : (
    <p role="alert" className="my-3 rounded-lg border border-red-800 bg-red-50 p-3 font-medium text-red-800">
      {children}
    </p>
  );
}
