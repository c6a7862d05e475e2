/**
 * /owner/site: what the public site says that is not in the code. The notice above every page
 * (with a preview at a phone's width), the closed days, and the notices before. Each change is on
 * every page of every instance within seconds (`app/live/`), and goes in the audit log. Below them,
 * what the desk's documents state: the ways to pay on every invoice, and the contract facts. The
 * closed days' forms post to a route of their own (`owner.site-closed-days.ts`); the business facts
 * have their own page (`owner.site-facts.tsx`), linked from here.
 */
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { CLOSED_DAY_FORMS } from "~/closed-days/closed-day-forms";
import { closedDaysBetween } from "~/closed-days/closed-days.server";
import { takeCarriedAnswer } from "~/infra/carried-answer.server";
import { headline, refusedForm, type ChangeAnswer } from "~/forms/change-answer";
import { useLatestAnswer } from "~/forms/latest-answer";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import {
  articleEditorPath,
  closedDaysPath,
  factsPath,
  faqEditorPath,
  servicePageEditorPath,
  sitePath,
} from "~/owner/paths";
import { articleAddressesSource, liveArticles } from "~/site-pages/site-pages-source.server";
import { NEW_ARTICLE_FORMS, NewArticleForm } from "~/site-pages/new-article-form";
import { newArticles } from "~/site-pages/new-articles.server";
import { services } from "~/content/services";
import { ClosedDaysSection } from "~/closed-days/closed-days-section";
import { profile } from "~/content/profile";
import { getEnv } from "~/settings/env.server";
import { readSmallForm } from "~/infra/uploads.server";
import { isPublicPage } from "~/live/public-pages.server";
import { readLive } from "~/live/snapshot.server";
import { NoticeBanner } from "~/notices/notice-banner";
import { checkNoticeDraft, EMPTY_NOTICE, type NoticeValues } from "~/notices/notice-draft";
import { NoticeForm } from "~/notices/notice-form";
import { noticeLinkTargets } from "~/notices/notice-link-targets.server";
import { projectPath } from "~/projects/project-listing";
import { projectsSource } from "~/projects/projects-source.server";
import { noticeParts } from "~/notices/notice-text";
import { currentFacts } from "~/facts/facts-source.server";
import { useFacts } from "~/components/layout/site-live-data";
import { NoticeHistory } from "~/notices/notice-history";
import { currentNotice, listNotices, publishNotice, removeNotice } from "~/notices/notices.server";
import { dangerButton, Notice } from "~/owner/desk-frame";
import { formatDateTime } from "~/time/business-time";
import { dispatchIntent } from "~/infra/intents.server";
import { requireOwner } from "~/owner/sessions.server";
import { addDays, dayOf } from "~/time/business-time";
import { readWaysToPay, saveWaysToPayForm, waysToPayFormValues } from "~/invoices/ways-to-pay.server";
import { WaysToPaySection } from "~/invoices/ways-to-pay-section";
import { ContractFactsSection } from "~/quotes/contract-facts-section";
import { contractFactsFormValues, readContractFacts } from "~/quotes/contract-facts.server";
import { AutoAskSection } from "~/reviews/auto-ask-section";
import { automaticRequestsOn, setAutomaticRequests } from "~/reviews/review-requests.server";
import type { Route } from "./+types/owner.site";

export const meta: Route.MetaFunction = () => [
  { title: `Site | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

/** Closed days entered this far ahead are listed. */
const CLOSED_DAYS_LISTED = 400;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const now = new Date();
  const today = dayOf(now);
  const [current, history, closedDays, autoAsk] = await Promise.all([
    currentNotice(db, now),
    listNotices(db),
    closedDaysBetween(db, today, addDays(today, CLOSED_DAYS_LISTED)),
    automaticRequestsOn(db),
  ]);
  const [facts, ways] = await Promise.all([readContractFacts(db), readWaysToPay(db)]);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const carried = takeCarriedAnswer(request, sitePath, [CLOSED_DAY_FORMS, NEW_ARTICLE_FORMS]);
  return data(
    {
      answer: carried.answer,
      autoAsk,
      articles: liveArticles().map((a) => ({ slug: a.slug, title: a.title })),
      newArticles: await newArticles(db),
      takenDown: readLive(articleAddressesSource).gone,
      linkTargets: noticeLinkTargets(
        readLive(projectsSource).map((p) => ({ title: p.title, path: projectPath(p.slug) })),
      ),
      ways: waysToPayFormValues(ways),
      now: now.toISOString(),
      today,
      current: current
        ? {
            tone: current.tone,
            parts: noticeParts(current.body, getEnv().siteUrl),
            startsAt: iso(current.startsAt),
            endsAt: iso(current.endsAt),
          }
        : null,
      history: history.map((n) => ({
        id: n.id,
        body: n.body,
        tone: n.tone,
        startsAt: iso(n.startsAt),
        endsAt: iso(n.endsAt),
        publishedBy: n.publishedBy,
        publishedAt: n.publishedAt.toISOString(),
        removedBy: n.removedBy,
        removedAt: iso(n.removedAt),
      })),
      closedDays: closedDays.map(({ id, firstDay, lastDay, label }) => ({ id, firstDay, lastDay, label })),
      contract: {
        values: contractFactsFormValues(facts),
        certificateName: facts?.certificateName ?? null,
        saved: new URL(request.url).searchParams.get("saved") === "contract",
      },
    },
    { headers: carried.headers },
  );
}

const text = (form: FormData, name: string, max: number) => String(form.get(name) ?? "").slice(0, max);

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const form = await readSmallForm(request);
  const now = new Date();

  const noticeForm = async (intent: "preview-notice" | "publish-notice") => {
    const values: NoticeValues = {
      body: text(form, "body", 2_000),
      linkTo: text(form, "linkTo", 300),
      linkWords: text(form, "linkWords", 200),
      tone: text(form, "tone", 20),
      startsAt: text(form, "startsAt", 40),
      endsAt: text(form, "endsAt", 40),
    };
    const rules = { siteUrl: getEnv().siteUrl, phone: currentFacts().phone, isSitePage: isPublicPage };
    const checked = checkNoticeDraft(values, rules, now);
    if (!checked.ok) return answerRefused(intent, 400, checked.errors, { ...values });
    // A preview changes nothing: the form keeps what was typed, and the page draws it.
    if (intent === "preview-notice") return answerDone(intent, "", { values: { ...values } });
    const notice = await publishNotice(db, checked, actor, now);
    return answerDone(
      intent,
      notice.startsAt && notice.startsAt > now
        ? `Scheduled: the notice shows on every page from ${formatDateTime(notice.startsAt)}.`
        : "Published: the notice shows on every page within a few seconds.",
    );
  };

  // The closed days' forms post to /owner/site/closed-days.
  return dispatchIntent(form, {
    "preview-notice": noticeForm,
    "publish-notice": noticeForm,
    "remove-notice": async (intent) =>
      (await removeNotice(db, actor, now))
        ? answerDone(intent, "Removed: the notice leaves every page within seconds.")
        : answerRefused(intent, 404, { form: "No notice is up." }),
    "ways-to-pay": async (intent) => {
      const saved = await saveWaysToPayForm(db, actor, (name) => text(form, name, 1_000), now);
      if (saved.ok) return answerDone(intent, saved.message);
      const form_ = "The ways to pay were not saved: see the fields marked below.";
      return answerRefused(intent, 400, { ...saved.errors, form: form_ }, { ...saved.values });
    },
    "review-auto-ask": async (intent) => {
      const on = form.get("autoAsk") === "on";
      await setAutomaticRequests(db, on, actor, now);
      return answerDone(
        intent,
        on ? "Review requests now go by themselves 3 days after Won." : "Automatic review requests are off.",
      );
    },
  });
}

function CurrentNotice({
  current,
  now,
}: {
  current: NonNullable<Route.ComponentProps["loaderData"]["current"]>;
  now: string;
}) {
  const waiting = current.startsAt !== null && current.startsAt > now;
  return (
    <div className="mt-2 space-y-2">
      <div className="w-[375px] max-w-full overflow-hidden rounded-lg border border-slate-400">
        <NoticeBanner notice={current} preview />
      </div>
      <p className="text-sm">
        {waiting && current.startsAt ? `Shows from ${formatDateTime(current.startsAt)}` : "Showing now"}
        {current.endsAt ? `, until ${formatDateTime(current.endsAt)}.` : ", until you remove it."}
      </p>
      <Form method="post">
        <button type="submit" name="intent" value="remove-notice" className={dangerButton}>
          Remove notice
        </button>
      </Form>
    </div>
  );
}

const NOTICE_FORMS = ["preview-notice", "publish-notice"];

export default function Site({ loaderData, actionData }: Route.ComponentProps) {
  const closedDayForms = useFetcher<ChangeAnswer>({ key: closedDaysPath });
  const busy = useNavigation().state !== "idle" || closedDayForms.state !== "idle";
  const answer = useLatestAnswer(actionData, loaderData.answer, [closedDayForms.data]);
  const shown = headline(answer);
  // A notice previewed comes back as typed; one refused, as typed with its messages.
  const notice = answer && NOTICE_FORMS.includes(answer.intent) ? answer : undefined;
  const { phone } = useFacts();
  const closedDay = refusedForm(answer, "add-closed-day");
  const ways = refusedForm(answer, "ways-to-pay");
  const newArticle = refusedForm(answer, "start-article");
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Site</h1>
      <p className="mt-1">What you publish here shows on every page of the public site within seconds.</p>
      {shown ? <Notice tone={shown.ok ? "ok" : "error"}>{shown.text}</Notice> : null}
      <section aria-labelledby="facts-heading" className="mt-6">
        <h2 id="facts-heading" className="text-lg font-bold text-navy-900">
          Business facts
        </h2>
        <p className="mt-1">The phone, email, address, hours and special hours every page, email and PDF shows.</p>
        <Link to={factsPath} className="mt-2 inline-flex min-h-11 items-center font-semibold text-sea-700 underline">
          Edit phone, email and hours
        </Link>
      </section>
      <section aria-labelledby="pages-heading" className="mt-6">
        <h2 id="pages-heading" className="text-lg font-bold text-navy-900">
          Pages
        </h2>
        <p className="mt-1">The words of the site's pages.</p>
        <ul className="mt-2">
          <li>
            <Link to={faqEditorPath} className="inline-flex min-h-11 items-center font-semibold text-sea-700 underline">
              FAQ
            </Link>
          </li>
          {services.map((service) => (
            <li key={service.slug}>
              <Link
                to={servicePageEditorPath(service.slug)}
                className="inline-flex min-h-11 items-center font-semibold text-sea-700 underline"
              >
                {service.title}
              </Link>
            </li>
          ))}
        </ul>
        <h3 className="mt-4 font-semibold text-navy-900">Articles</h3>
        <ul className="mt-1">
          {loaderData.articles.map((article) => (
            <li key={article.slug}>
              <Link
                to={articleEditorPath(article.slug)}
                className="inline-flex min-h-11 items-center font-semibold text-sea-700 underline"
              >
                {article.title}
              </Link>
            </li>
          ))}
        </ul>
        <NewArticleForm refused={newArticle} started={loaderData.newArticles} busy={busy} />
        {loaderData.takenDown.length ? (
          <>
            <h3 className="mt-4 font-semibold text-navy-900">Taken off the site</h3>
            <ul className="mt-1">
              {loaderData.takenDown.map((slug) => (
                <li key={slug}>
                  <Link
                    to={articleEditorPath(slug)}
                    className="inline-flex min-h-11 items-center font-semibold text-sea-700 underline"
                  >
                    {`/blog/${slug}`}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <section aria-labelledby="notice-heading" className="mt-6">
        <h2 id="notice-heading" className="text-lg font-bold text-navy-900">
          Notice
        </h2>
        {loaderData.current ? (
          <CurrentNotice current={loaderData.current} now={loaderData.now} />
        ) : (
          <p className="mt-2">No notice is up.</p>
        )}
        <h3 className="mt-5 font-semibold text-navy-900">{loaderData.current ? "Replace it" : "New notice"}</h3>
        <NoticeForm
          // A new answer starts the form again from what the server returned.
          key={notice ? JSON.stringify(notice) : "blank"}
          values={{ ...EMPTY_NOTICE, ...notice?.values }}
          errors={notice && !notice.ok ? notice.errors : {}}
          busy={busy}
          targets={loaderData.linkTargets}
          phone={phone}
        />
      </section>
      <ClosedDaysSection
        key={answer?.intent === "add-closed-day" ? JSON.stringify(answer) : "blank"}
        action={closedDaysPath}
        days={loaderData.closedDays}
        today={loaderData.today}
        values={{ firstDay: "", lastDay: "", label: "", ...closedDay?.values }}
        errors={closedDay?.errors ?? {}}
        busy={busy}
      />
      <AutoAskSection on={loaderData.autoAsk} busy={busy} />
      <NoticeHistory entries={loaderData.history} now={loaderData.now} />
      <WaysToPaySection
        key={ways ? JSON.stringify(ways) : "stored"}
        values={{ ...loaderData.ways, ...ways?.values }}
        errors={ways?.errors ?? {}}
        busy={busy}
      />
      <ContractFactsSection
        values={loaderData.contract.values}
        errors={{}}
        certificateName={loaderData.contract.certificateName}
        busy={busy}
        message={loaderData.contract.saved ? "Contract facts saved." : undefined}
      />
    </>
  );
}
