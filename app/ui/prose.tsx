/**
 * Paragraphs of text and links from a content file (see `content/markdown.ts`). The files link to
 * pages of the site, which go through the router and open without a page reload, or call or mail the
 * business.
 */
import { Link } from "react-router";
import type { Paragraph } from "~/content/markdown";

const linkClass = "font-medium text-sea-600 underline";

export function Prose({ paragraphs }: { paragraphs: readonly Paragraph[] }) {
  return paragraphs.map((runs, i) => (
    <p key={i} className="mt-3 first:mt-0">
      {runs.map((run, j) =>
        typeof run === "string" ? (
          run
        ) : run.href.startsWith("/") ? (
          <Link key={j} to={run.href} className={linkClass}>
            {run.text}
          </Link>
        ) : (
          <a key={j} href={run.href} className={linkClass}>
            {run.text}
          </a>
        ),
      )}
    </p>
  ));
}
