/**
 * /faq (and its alias /testimonials): questions by category. Each answer is a native
 * <details>, so it opens by keyboard and without JavaScript; FAQPage JSON-LD comes from the same data.
 */
import { PageHero } from "~/components/sections/page-hero";
import { buttonClass } from "~/ui/button";
import { later, partsReady, withParts } from "~/ui/later";
import { Icon } from "~/ui/icon";
import { Prose } from "~/ui/prose";
import { plainText } from "~/content/markdown";
import { phoneHref } from "~/content/business-facts";
import { useFacts } from "~/components/layout/site-live-data";
import { EstimateButton } from "~/leads/estimate-button";
import { breadcrumbJsonLd, faqJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import type { Route } from "./+types/faq";

// The contact form closes the page, below the answers: its code arrives after the page starts.
const contact = later(() => import("~/components/sections/contact-section"));

export async function loader({ request }: Route.LoaderArgs) {
  await partsReady(contact);
  const { liveFaqCategories } = await import("~/site-pages/site-pages-source.server");
  const faqCategories = liveFaqCategories();
  return {
    categories: faqCategories,
    seo: pageMeta({
      title: "Frequently Asked Questions",
      description:
        "Answers about estimates, payments, scheduling, bathrooms, decks, Andersen windows, home watch and storm " +
        "preparation for Long Beach Island homes.",
      path: new URL(request.url).pathname,
      keywords: ["LBI contractor FAQ", "home repair questions", "home watch questions"],
      jsonLd: [
        faqJsonLd(
          faqCategories.flatMap((c) =>
            c.questions.map((q) => ({ question: q.question, answerText: plainText(q.answer) })),
          ),
        ),
        breadcrumbJsonLd([{ name: "FAQ", path: "/faq" }]),
      ],
    }),
  };
}

/** On a client-side navigation, the page renders with its contact form instead of showing it late. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withParts(serverLoader(), contact);
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

const categoryLinkClass =
  "inline-flex min-h-11 items-center gap-2 rounded-full bg-sea-100 px-4 text-sm font-semibold text-navy-900 " +
  "hover:bg-sea-50";
const summaryClass =
  "flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-3 font-semibold text-navy-900 " +
  "[&::-webkit-details-marker]:hidden";

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const facts = useFacts();
  return (
    <>
      <PageHero
        title="Frequently Asked Questions"
        intro="Straight answers about how we work, what things cost and how we look after shore homes."
      />
      <div className="mx-auto max-w-4xl px-4 py-12">
        <nav aria-label="FAQ categories" className="mb-10">
          <ul className="flex flex-wrap gap-2">
            {categories.map((c) => (
              <li key={c.id}>
                <a href={`#${c.id}`} className={categoryLinkClass}>
                  <Icon name={c.icon} className="size-4" />
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {categories.map((c) => (
          <section key={c.id} id={c.id} aria-labelledby={`${c.id}-heading`} className="mb-12">
            <h2 id={`${c.id}-heading`} className="flex items-center gap-3 text-2xl font-bold text-navy-900">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-sea-100 text-navy-800">
                <Icon name={c.icon} />
              </span>
              {c.name}
            </h2>
            <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {c.questions.map((q) => (
                <details key={q.id} id={q.id} className="group px-5">
                  <summary className={summaryClass}>
                    <h3 className="text-base">{q.question}</h3>
                    <Icon name="chevron-down" className="size-5 shrink-0 transition-transform group-open:rotate-180" />
                  </summary>
                  <div className="pb-5 text-slate-700">
                    <Prose paragraphs={q.answer} />
                  </div>
                </details>
              ))}
            </div>
          </section>
        ))}
        <section aria-labelledby="still" className="rounded-2xl bg-navy-800 p-8 text-center text-white">
          <h2 id="still" className="text-2xl font-bold">
            Still Have Questions?
          </h2>
          <p className="mt-2 text-sea-100">
            Call us or send your project details. We reply within {facts.figures.replyWithinHours} hours.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <a href={phoneHref(facts)} className={buttonClass("light")}>
              <Icon name="phone" className="size-4" /> Call {facts.phoneDisplay}
            </a>
            <EstimateButton>Get Free Estimate</EstimateButton>
          </div>
        </section>
      </div>
      <contact.Later pick={(m) => m.ContactSection} props={{}} />
    </>
  );
}
