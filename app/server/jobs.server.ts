/**
 * Every periodic job of the server, as the scheduler runs it (see `infra/scheduler.server.ts`).
 * A job that works on the shared database runs on one instance at a time; one that cleans up what
 * an instance keeps for itself (its mail files, its upload folders) runs on every instance.
 * A new periodic job is added here, and nowhere else starts a timer of its own.
 */
import type { Kysely } from "kysely";
import { sendDailyDigest } from "~/alerts/digest.server";
import { sendDueReminders } from "~/alerts/reminders.server";
import { mailContext, type Env } from "~/settings/env.server";
import { log } from "~/infra/log.server";
import { pruneExpiredBudgets } from "~/infra/rate-limit.server";
import { pruneExpiredMailFiles, pruneExpiredRecords } from "~/infra/retention.server";
import type { Job } from "~/infra/scheduler.server";
import type { Database } from "~/infra/schema.server";
import { removeStaleUploads } from "~/infra/uploads.server";
import { pruneIdempotencyKeys } from "~/leads/estimate-idempotency.server";
import { purgeQuarantine } from "~/leads/record/quarantine.server";
import { pruneDeskRecords } from "~/owner/retention.server";
import { businessHoursWithClosures, closedDaysAround } from "~/closed-days/closed-days.server";
import { sendInvoiceReminders } from "~/invoices/invoice-reminders.server";
import { pruneKeptRecords } from "~/invoices/kept-records.server";
import { sendQuoteReminders } from "~/quotes/quote-reminders.server";
import { sendDueReviewRequests } from "~/reviews/review-requests.server";
import { processWaitingPhotos } from "~/projects/project-photos.server";
import { pruneUnusedSitePhotos } from "~/site-pages/unused-photos.server";
import { endFinishedSeasons } from "~/watch/watch-plans.server";
import { billWatchMonths } from "~/watch/watch-invoices.server";
import { sendWatchInvoiceReminders } from "~/watch/watch-invoice-reminders.server";
import { processWaitingSitePhotos } from "~/site-pages/site-photos.server";
import { refreshLiveSite } from "./live.server";

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** A photo pipeline's job: with none waiting, a run is one read and writes nothing. */
function photoJob(
  name: string,
  logged: string,
  processWaiting: (budgetMs: number) => Promise<readonly { ms: number }[]>,
): Job {
  return {
    name,
    scope: "every-instance",
    everyMs: 2_000,
    jitterMs: 200,
    runAtStart: true,
    async run() {
      const done = await processWaiting(60_000);
      if (done.length > 0) log("info", logged, { photos: done.length, ms: done.reduce((sum, d) => sum + d.ms, 0) });
    },
  };
}

export function backgroundJobs(db: Kysely<Database>, env: Env): Job[] {
  return [
    {
      // Each instance renders its own pages: a publish on another instance (or a lost PostgreSQL
      // notification), and a notice's end or a closed day's midnight, reach its pages within seconds.
      name: "live-pages",
      scope: "every-instance",
      everyMs: 2_000,
      jitterMs: 200,
      async run() {
        await refreshLiveSite();
      },
    },
    // Each kind of the owner's photos is made into the site's pictures here, off the owner's request,
    // one at a time per instance (each photo claimed by one): the memory of one decoded photo at
    // most, however many are uploaded. A job per kind, so neither waits behind the other's queue.
    photoJob("project-photos", "project photos processed", (budgetMs) => processWaitingPhotos(db, budgetMs)),
    photoJob("site-photos", "site photos processed", (budgetMs) => processWaitingSitePhotos(db, budgetMs)),
    {
      // A reminder goes out within a minute of falling due.
      name: "reminders",
      scope: "one-instance",
      everyMs: MINUTE_MS,
      runAtStart: true,
      async run(now) {
        const options = {
          afterHours: env.reminderAfterHours,
          leadsTo: env.leadsTo,
          siteUrl: env.siteUrl,
          now,
          businessHours: await businessHoursWithClosures(db, now),
        };
        const leads = await sendDueReminders(db, options);
        if (leads.length > 0) log("info", "reminders queued for leads still new", { leads: leads.length });
      },
    },
    {
      // Checked every minute; the day's own claim (digest_days) keeps it to one email a day.
      name: "morning-digest",
      scope: "one-instance",
      everyMs: MINUTE_MS,
      runAtStart: true,
      async run(now) {
        const outcome = await sendDailyDigest(db, env.siteUrl, now, await businessHoursWithClosures(db, now));
        if (outcome.sent === 0) return;
        log("info", "daily digest queued", { day: outcome.day, owners: outcome.sent });
      },
    },
    {
      // A homeowner's one reminder about an unanswered quote, within a few minutes of falling due.
      name: "quote-reminders",
      scope: "one-instance",
      everyMs: 5 * MINUTE_MS,
      runAtStart: true,
      async run(now) {
        const context = mailContext(env);
        const sent = await sendQuoteReminders(db, context, await closedDaysAround(db, now), now);
        if (sent === 0) return;
        log("info", "quote reminders queued", { quotes: sent });
      },
    },
    {
      // A homeowner's one reminder about an invoice unpaid 7 business days after its due date; the
      // claim on the invoice keeps it to one however many instances look at once.
      name: "invoice-reminders",
      scope: "one-instance",
      everyMs: 15 * MINUTE_MS,
      runAtStart: true,
      async run(now) {
        const context = mailContext(env);
        const closed = await closedDaysAround(db, now);
        const sent =
          (await sendInvoiceReminders(db, context, closed, now)) +
          (await sendWatchInvoiceReminders(db, context, closed, now));
        if (sent === 0) return;
        log("info", "invoice reminders queued", { invoices: sent });
      },
    },
    {
      // Each home watch plan's invoice for the month just ended, early on the 1st; a visit finished
      // late is billed by the next run. The plan held by each invoice keeps it to one.
      name: "watch-invoices",
      scope: "one-instance",
      everyMs: HOUR_MS,
      runAtStart: true,
      async run(now) {
        const sent = await billWatchMonths(db, mailContext(env), now);
        if (sent === 0) return;
        log("info", "home watch invoices sent", { invoices: sent });
      },
    },
    {
      // Off until the owner switches it on (/owner/site); each lead's one request is claimed by the
      // insert that queues it, so instances racing here send it once.
      name: "review-requests",
      scope: "one-instance",
      everyMs: 15 * MINUTE_MS,
      runAtStart: true,
      async run(now) {
        const sent = await sendDueReviewRequests(db, env.siteUrl, now);
        if (sent === 0) return;
        log("info", "review requests queued", { leads: sent });
      },
    },
    {
      name: "expired-records",
      scope: "one-instance",
      everyMs: HOUR_MS,
      runAtStart: true,
      async run(now) {
        const counts = {
          ...(await pruneExpiredRecords(db, now)),
          quarantined: await purgeQuarantine(db, now),
          limits: await pruneExpiredBudgets(db),
          requestKeys: await pruneIdempotencyKeys(db, now),
          keptRecords: await pruneKeptRecords(db, now),
          unusedPhotos: await pruneUnusedSitePhotos(db, now),
          // A plan past its season ends, and its access notes go with it.
          endedWatchPlans: await endFinishedSeasons(db, now),
        };
        await pruneDeskRecords(db, now);
        if (
          counts.mail +
            counts.subscribers +
            counts.quarantined +
            counts.keptRecords +
            counts.unusedPhotos +
            counts.endedWatchPlans >
          0
        )
          log("info", "expired records deleted", counts);
      },
    },
    {
      // Each instance's own files: apart from the database, so they go even while it is unreachable.
      name: "expired-mail-files",
      scope: "every-instance",
      everyMs: HOUR_MS,
      runAtStart: true,
      async run(now) {
        const mailFiles = await pruneExpiredMailFiles(env.dataDir, now);
        if (mailFiles > 0) log("info", "expired mail files deleted", { mailFiles });
      },
    },
    {
      // What a killed process left in this machine's temporary folder.
      name: "stale-uploads",
      scope: "every-instance",
      everyMs: HOUR_MS,
      runAtStart: true,
      async run() {
        const folders = await removeStaleUploads();
        if (folders > 0) log("info", "stale upload folders deleted", { folders });
      },
    },
  ];
}
