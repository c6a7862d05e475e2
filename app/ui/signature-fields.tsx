/**
 * How a homeowner signs a document online, the same on every one (a quote, a home watch plan): the
 * full name typed as the signature, and the box agreeing to sign and receive it electronically,
 * described by how to have it on paper instead.
 */
export function SignatureFields({ consent, paperCopy }: { consent: string; paperCopy: string }) {
  return (
    <>
      <div>
        <label htmlFor="signature" className="mb-1 block font-semibold text-navy-900">
          Type your full name to sign
        </label>
        <input
          id="signature"
          name="signature"
          autoComplete="name"
          maxLength={120}
          required
          className="block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base"
        />
      </div>
      <div>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            name="consent"
            value="yes"
            required
            className="mt-1 size-5 shrink-0"
            aria-describedby="paper-copy"
          />
          <span className="font-semibold">{consent}</span>
        </label>
        <p id="paper-copy" className="mt-1 text-sm text-slate-700">
          {paperCopy}
        </p>
      </div>
    </>
  );
}
