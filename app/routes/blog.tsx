/** /blog: the published articles as cards, newest first, then the newsletter and contact sections. */
import { Link } from "react-router";
import { PageHero } from "~/components/sections/page-hero";
import { later, partsReady, withParts } from "~/ui/later";
import { Picture } from "~/ui/picture";
import { firstPictureNamed, pictureNamed } from "~/site-pages/page-photos.server";
import { formatDate } from "~/content/dates";
import { breadcrumbJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import type { Route } from "./+types/blog";

/** How wide an article card's picture is drawn; the preload of the first one says the same. */
const CARD_SIZES = "(min-width: 768px) 45vw, 100vw";

// The forms close the page, below the list: their code arrives after the page starts.
const formSections = later(() => import("~/components/sections/form-sections"));

export async function loader() {
  await partsReady(formSections);
  const { summarize } = await import("~/content/articles.server");
  const { liveArticles } = await import("~/site-pages/site-pages-source.server");
  const articles = liveArticles();
  // On a phone the first article's picture, just below the banner, is the largest paint.
  const first = articles[0] ? firstPictureNamed(articles[0].image, CARD_SIZES).first : undefined;
  return {
    // Each card's picture: the owner's photo or the build's.
    articles: articles.map((a) => ({ ...summarize(a), picture: pictureNamed(a.image).files })),
    firstPhoneCopy: first?.phoneCopy,
    seo: [
      ...pageMeta({
        title: "Shore Home Advice Blog",
        description:
          "Practical guides for Long Beach Island homeowners: storm preparation, off-season home watch, Andersen windows and drywall repair.",
        path: "/blog",
        keywords: ["LBI home maintenance", "shore home tips", "storm preparation"],
        jsonLd: [breadcrumbJsonLd([{ name: "Blog", path: "/blog" }])],
      }),
      ...(first ? [first.preload] : []),
    ],
  };
}

/** On a client-side navigation, the page renders with its forms instead of showing them late. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withParts(serverLoader(), formSections);
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        title="Shore Home Advice"
        intro="Guides from our crew for keeping a Long Beach Island home sound through salt air, storms and empty winters."
      />
      <section aria-labelledby="articles" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="articles" className="sr-only">
          Articles
        </h2>
        <ul className="grid gap-6 md:grid-cols-2">
          {loaderData.articles.map((a, i) => (
            <li key={a.slug}>
              <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                <Picture
                  files={a.picture}
                  alt={a.imageAlt}
                  sizes={CARD_SIZES}
                  phoneCopy={i === 0 ? loaderData.firstPhoneCopy : undefined}
                  imgClassName="aspect-[16/9] w-full object-cover"
                />
                <div className="flex flex-1 flex-col p-5">
                  <p className="flex flex-wrap items-center gap-3 text-sm">
                    <span className="rounded-full bg-sea-100 px-3 py-1 font-semibold text-navy-900">{a.category}</span>
                    <span className="text-slate-700">{a.readTime} read</span>
                  </p>
                  <h3 className="mt-3 text-xl font-bold text-navy-900">
                    <Link to={`/blog/${a.slug}`} className="hover:underline">
                      {a.title}
                    </Link>
                  </h3>
                  <p className="mt-2 flex-1 text-slate-700">{a.excerpt}</p>
                  <p className="mt-4 text-sm text-slate-700">
                    {a.author} · <time dateTime={a.date}>{formatDate(a.date)}</time>
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>
      <formSections.Later pick={(m) => m.NewsletterSection} props={{}} />
      <formSections.Later pick={(m) => m.ContactSection} props={{}} />
    </>
  );
}
