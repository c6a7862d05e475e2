/**
 * What the Account page shows instead of a form that changes who or what can sign in, when the
 * owner's last sign-in is more than 10 minutes old: the way to confirm it's them.
 */
export function ConfirmItsYou({ signIn, what }: { signIn: string; what: string }) {
  return (
    <p className="mt-2 text-sm">
      {what} needs a sign-in within the last 10 minutes.{" "}
      <a href={signIn} className="inline-flex min-h-11 items-center font-semibold text-sea-600 underline">
        Confirm it&apos;s you
      </a>
    </p>
  );
}
