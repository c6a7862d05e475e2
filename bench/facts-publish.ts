/**
 * A publish of the business facts, which every public page shows: how long one instance takes to
 * render every page again, and what serving `/` costs while it does (the p99 under load with
 * publishes running against it without). The render takes its turns between requests, so its cost
 * should show in the tail, not as seconds of a held CPU; so does the pass behind it that compresses
 * the pages again as the build does.
 */
import autocannon from "autocannon";
import { displayPhone, firstFacts } from "../app/content/business-facts";
import { factsFormValues } from "../app/facts/facts-form";
import { openMigratedDatabase } from "../app/infra/db.server";
import { addOwner } from "../app/owner/owners.server";
import { startSession } from "../app/owner/sessions.server";
import { startBuiltServer } from "../tests/support/built-server";

type Say = (line: string) => void;

const PUBLISHES = 5;

/** The "live pages rendered" lines the server logged: each full render's pages and milliseconds. */
const renders = (log: string) =>
  [...log.matchAll(/"msg":"live pages rendered".*?"pages":(\d+).*?"ms":(\d+)/g)].map((m) => ({
    pages: Number(m[1]),
    ms: Number(m[2]),
  }));

/** The passes that compressed a render again at the build's quality, each run to its end. */
const finishedPasses = (log: string) =>
  [...log.matchAll(/"msg":"live pages compressed as the build does".*?"files":(\d+).*?"ms":(\d+)/g)].map((m) => ({
    files: Number(m[1]),
    ms: Number(m[2]),
  }));

export async function factsPublishBenchmark(say: Say): Promise<void> {
  const server = await startBuiltServer({}, { keepLog: true });
  const handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
  try {
    const added = await addOwner(handle.db, "bench@causeway.test");
    if (!added.added) throw new Error("bench: owner not added");
    const origin = server.origin.replace("127.0.0.1", "localhost");
    const session = await startSession(handle.db, new Request(`${origin}/owner`), added.owner.id, "passkey");
    const cookie = session.split(";")[0] ?? "";
    const load = (duration: number) =>
      autocannon({ url: `${server.origin}/`, connections: 20, duration, headers: { "accept-encoding": "gzip" } });

    await load(3);
    const quiet = await load(10);
    const wallMs: number[] = [];
    const during = load(15);
    for (let n = 0; n < PUBLISHES; n++) {
      const phone = `+1609555${String(2000 + n)}`;
      const values = factsFormValues({ ...firstFacts, phone }, n);
      const started = performance.now();
      const answer = await fetch(`${origin}/owner/site/facts`, {
        method: "POST",
        headers: { cookie, Origin: origin },
        body: new URLSearchParams({ ...values, intent: "publish" }),
      });
      if (!answer.ok) throw new Error(`bench: publishing the facts answered ${answer.status}`);
      // The sitemap is the last file a render makes: once it carries the day, every page is done.
      const shown = displayPhone(phone);
      for (let i = 0; i < 1_000; i++) {
        if ((await (await fetch(`${server.origin}/faq`)).text()).includes(shown) && renders(server.log()).length > n)
          break;
        await new Promise((r) => setTimeout(r, 10));
      }
      wallMs.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 1_000));
    }
    const busy = await during;
    // The last render's pass is not overtaken: wait for it to end, to time a whole one.
    for (let i = 0; i < 600 && finishedPasses(server.log()).length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    const rendered = renders(server.log());
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    say("## Publishing the business facts (every public page rendered again)");
    say("");
    say("| / under load (20 connections) | req/s | p50 ms | p99 ms | max ms | errors |");
    say("|---|---|---|---|---|---|");
    say(
      `| quiet, 10 s | ${Math.round(quiet.requests.average)} | ${quiet.latency.p50} | ${quiet.latency.p99} | ${quiet.latency.max} | ${quiet.errors + quiet.non2xx} |`,
    );
    say(
      `| while ${PUBLISHES} publishes render, 15 s | ${Math.round(busy.requests.average)} | ${busy.latency.p50} | ${busy.latency.p99} | ${busy.latency.max} | ${busy.errors + busy.non2xx} |`,
    );
    say("");
    say(
      `A full publish rendered ${rendered[0]?.pages ?? 0} pages in ${rendered.map((r) => r.ms).join(", ")} ms (server's own count; median ${median(rendered.map((r) => r.ms))} ms). From 'Publish' on the desk to the new phone on /faq: ${wallMs.map((ms) => Math.round(ms)).join(", ")} ms.`,
    );
    const finished = finishedPasses(server.log());
    say(
      finished.length > 0
        ? `Behind each render, its files compressed again at brotli 11 off the main thread: ${finished.map((f) => `${f.files} files in ${f.ms} ms`).join(", ")} (a pass a newer render overtakes stops and is not counted).`
        : "No pass compressing the files again at brotli 11 ran to its end: each was overtaken by the next publish.",
    );
    say("");
  } finally {
    await handle.close();
    await server.stop();
  }
}
