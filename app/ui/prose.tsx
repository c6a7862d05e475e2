/**
 * Paragraphs of text and links from a content file (see `content/markdown.ts`). The files may only
 * link to pages of the site, so every link goes through the router and opens without a page reload.
 */
import { Link } from "react-router";
import type { Paragraph } from "~/content/markdown";

export function Prose({ paragraphs }: { paragraphs: readonly Paragraph[] }) {
  return paragraphs.map((runs, i) => (
    <p key={i} className="mt-3 first:mt-0">
      {runs.map((run, j) =>
        typeof run === "string" ? (
          run
        ) : (
          <Link key={j} to={run.href} className="font-medium text-sea-600 underline">
            {run.text}
          </Link>
        ),
      )}
    </p>
  ));
}
