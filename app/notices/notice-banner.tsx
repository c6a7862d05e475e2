/**
 * The owner's notice, above the header of every public page. It is in the page's HTML from the
 * first byte (pages are rendered again when it changes), so it never pushes the page down later.
 * An urgent notice says so in words as well as in colour.
 */
import type { PublicNotice } from "./notice-text";

const toneClass = {
  info: "bg-navy-900 text-white [&_a]:text-white",
  urgent: "bg-sunset-500 text-navy-950 [&_a]:text-navy-950",
} as const;

/** `preview`: the desk's picture of it, which is no landmark of the desk's page. */
export function NoticeBanner({ notice, preview = false }: { notice: PublicNotice; preview?: boolean }) {
  return (
    <div {...(preview ? {} : { role: "region", "aria-label": "Notice" })} className={toneClass[notice.tone]}>
      <p className="mx-auto max-w-5xl px-4 py-2 text-center text-sm leading-snug font-medium sm:text-base">
        {notice.tone === "urgent" ? <strong className="font-bold">Urgent: </strong> : null}
        {notice.parts.map((part, index) =>
          "href" in part ? (
            <a key={index} href={part.href} className="font-bold underline underline-offset-2">
              {part.text}
            </a>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
    </div>
  );
}
