/**
 * An article: badges, author, date and read time, the hero picture, an
 * at-a-glance box, the Markdown body rendered at build time, a call to action and related services.
 */
import { data, Link, redirect } from "react-router";
import { buttonClass } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { Picture } from "~/ui/picture";
import { firstPictureNamed, withSectionPhotos } from "~/site-pages/page-photos.server";
import { formatDate } from "~/content/dates";
import { phoneHref } from "~/content/business-facts";
import { useFacts } from "~/components/layout/site-live-data";
import { getService } from "~/content/service-details";
import { EstimateButton } from "~/leads/estimate-button";
import { articleJsonLd, breadcrumbJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import { articlePath } from "~/route-registry";
import type { Route } from "./+types/article";

/** How wide the article's picture is drawn; its preload link says the same. */
const ARTICLE_IMAGE_SIZES = "(min-width: 768px) 720px, 100vw";

export async function loader({ params }: Route.LoaderArgs) {
  const { articleElsewhere, liveArticle } = await import("~/site-pages/site-pages-source.server");
  const article = liveArticle(params.slug);
  if (!article) {
    // An old address keeps its readers and its links' worth: a moved article's answers with a
    // permanent redirect, a taken-down one with 410 so search engines drop it.
    const elsewhere = articleElsewhere(params.slug);
    if (elsewhere === "gone")
      return data(
        {
          gone: true as const,
          seo: [{ title: "This article has been taken down" }, { name: "robots", content: "noindex" }],
        },
        { status: 410 },
      );
    if (elsewhere) throw redirect(articlePath(elsewhere.movedTo), 301);
    throw data("Article not found", { status: 404, statusText: "Not Found" });
  }
  const { markdown: _markdown, ...rest } = article;
  const a = { ...rest, html: withSectionPhotos(rest.html) };
  // The article's picture is the largest paint: in the HTML on a phone, fetched with it elsewhere.
  // It is the owner's photo or the build's picture; the social card and structured data name a
  // file every reader can fetch.
  const picture = firstPictureNamed(a.image, ARTICLE_IMAGE_SIZES);
  const image = picture.files.fallback;
  const seo = pageMeta({
    title: a.title,
    description: a.description,
    path: `/blog/${a.slug}`,
    keywords: a.keywords,
    image,
    imageAlt: a.imageAlt,
    type: "article",
    jsonLd: [
      articleJsonLd({ ...a, image }),
      breadcrumbJsonLd([
        { name: "Blog", path: "/blog" },
        { name: a.title, path: `/blog/${a.slug}` },
      ]),
    ],
  });
  // The related services are looked up here, so their details stay out of the page's script.
  const related = a.relatedServices
    .map((slug) => getService(slug))
    .filter((s) => s !== undefined)
    .map(({ slug, link, icon, title }) => ({ slug, link, icon, title }));
  return {
    gone: false as const,
    article: a,
    related,
    picture: picture.files,
    phoneCopy: picture.first.phoneCopy,
    seo: [...seo, picture.first.preload],
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

const glanceLabels = [
  ["timeNeeded", "Time needed", "clock"],
  ["difficulty", "Difficulty", "ruler"],
  ["bestTime", "Best time", "calendar"],
  ["cost", "Cost", "dollar"],
] as const;

/** The box of four facts under the article's picture, for an article that has one. */
function AtAGlance({ glance }: { glance: Readonly<Record<(typeof glanceLabels)[number][0], string>> }) {
  return (
    <aside aria-labelledby="at-a-glance" className="mt-8 rounded-xl border border-sea-100 bg-sea-50 p-5">
      <h2 id="at-a-glance" className="text-lg font-bold text-navy-900">
        At a glance
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {glanceLabels.map(([key, label, icon]) => (
          <div key={key}>
            <dt className="flex items-center gap-2 text-sm font-semibold text-navy-900">
              <Icon name={icon} className="size-5 shrink-0 text-sea-600" />
              {label}
            </dt>
            <dd className="mt-1 pl-7 text-slate-700">{glance[key]}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

function Gone() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold text-navy-900">This article has been taken down</h1>
      <p className="mt-4 text-lg">We have taken this article off the site.</p>
      <p className="mt-6">
        <Link to="/blog" className="font-semibold text-sea-600 underline">
          Read our other articles
        </Link>
      </p>
    </div>
  );
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const facts = useFacts();
  if (loaderData.gone) return <Gone />;
  const a = loaderData.article;
  const { related } = loaderData;
  return (
    <article>
      <header className="bg-navy-800 text-white">
        <div className="mx-auto max-w-3xl px-4 pt-8 pb-10">
          <Link
            to="/blog"
            className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-sand-200 hover:text-white"
          >
            <Icon name="arrow-left" className="size-4" /> Back to the blog
          </Link>
          <p className="mt-4 flex flex-wrap items-center gap-3 text-sm">
            <span className="rounded-full bg-sunset-500 px-3 py-1 font-semibold text-navy-950">{a.category}</span>
            <span>{a.readTime} read</span>
          </p>
          <h1 className="mt-4 text-3xl font-bold text-balance md:text-4xl">{a.title}</h1>
          <p className="mt-4 text-sea-100">
            By {a.author} · <time dateTime={a.date}>{formatDate(a.date)}</time>
            {a.dateModified !== a.date ? (
              <>
                {" "}
                · Updated <time dateTime={a.dateModified}>{formatDate(a.dateModified)}</time>
              </>
            ) : null}
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Picture
          files={loaderData.picture}
          alt={a.imageAlt}
          phoneCopy={loaderData.phoneCopy}
          sizes={ARTICLE_IMAGE_SIZES}
          imgClassName="aspect-[16/9] w-full rounded-xl object-cover"
        />
        {a.atAGlance ? <AtAGlance glance={a.atAGlance} /> : null}
        <div className="prose-article mt-8" dangerouslySetInnerHTML={{ __html: a.html }} />
        <section aria-labelledby="article-cta" className="mt-12 rounded-2xl bg-navy-800 p-8 text-white">
          <h2 id="article-cta" className="text-2xl font-bold">
            Want a professional to handle it?
          </h2>
          <p className="mt-2 text-sea-100">
            Our family crew has worked on Long Beach Island homes for {facts.figures.yearsOnIsland}+ years. Estimates
            are free, and we reply within {facts.figures.replyWithinHours} hours.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {a.ctaLabel ? (
              <EstimateButton>{a.ctaLabel}</EstimateButton>
            ) : (
              <Link to="/estimate" className={buttonClass("primary")}>
                Request a free estimate
              </Link>
            )}
            <a href={phoneHref(facts)} className={buttonClass("light")}>
              <Icon name="phone" className="size-4" /> {facts.phoneDisplay}
            </a>
          </div>
        </section>
        {related.length ? (
          <nav aria-labelledby="related" className="mt-10">
            <h2 id="related" className="text-xl font-bold text-navy-900">
              Related services
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2">
              {related.map((s) => (
                <li key={s.slug}>
                  <Link
                    to={s.link}
                    className="flex min-h-11 items-center gap-3 rounded-xl border border-slate-200 p-4 font-semibold text-navy-900 hover:bg-sea-50"
                  >
                    <Icon name={s.icon} className="size-6 text-sea-600" />
                    {s.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </article>
  );
}
