/**
 * The Live Chat section (id "chat", reached by the header's /#chat link).
 *
 * The chat assistant is another company's page in a frame. The frame is inserted only as the
 * visitor scrolls near it, so loading the home page asks nothing of another host. Until then (and
 * without JavaScript) a link opens the chat in a new tab. With no chat configured
 * (`CHAT_EMBED_URL` unset at build time) the section offers the phone, the estimate form and the
 * hours instead of an empty frame.
 */
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { chatEmbedUrl } from "~/settings/site";
import { phoneHref } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { EstimateButton } from "~/leads/estimate-button";
import { SectionHeading } from "./section-heading";
import { ClosedToday } from "~/components/layout/business-hours";
import { useFacts } from "~/components/layout/site-live-data";

/** how far ahead of the viewport the frame starts loading */
const LOAD_AHEAD = "600px 0px";
const frameClass = "min-h-[700px]";

export function ChatFrame({ src }: { src: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || !("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={`${frameClass} overflow-hidden rounded-xl border border-slate-200 bg-sea-50`}>
      {near ? (
        <iframe
          src={src}
          title={`Live chat with ${profile.shortName}`}
          loading="lazy"
          className={`block h-[700px] w-full border-0 ${frameClass}`}
        />
      ) : (
        <div className={`flex ${frameClass} flex-col items-center justify-center gap-4 p-6 text-center`}>
          <Icon name="message" className="size-10 text-sea-600" />
          <p className="max-w-md text-lg text-slate-700">Our chat assistant opens here.</p>
          <a href={src} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
            Open the chat in a new tab
          </a>
        </div>
      )}
    </div>
  );
}

function ChatFallback() {
  const facts = useFacts();
  return (
    <div className="rounded-xl border border-slate-200 bg-sea-50 p-6 md:p-8">
      <p className="text-lg text-slate-700">
        Online chat is not available right now. Call us during business hours to talk to the team, or send your project
        details any time and we reply within {facts.figures.replyWithinHours} hours.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href={phoneHref(facts)} className={buttonClass("secondary")}>
          <Icon name="phone" className="size-4" /> Call {facts.phoneDisplay}
        </a>
        <EstimateButton>Get Free Estimate</EstimateButton>
      </div>
      <h3 className="mt-8 text-lg font-bold text-navy-900">Business hours</h3>
      <ClosedToday className="mt-3 text-ink" />
      {facts.hoursNote === null ? null : <p className="mt-3 font-semibold text-ink">{facts.hoursNote}</p>}
      <dl className="mt-3 grid max-w-sm grid-cols-2 gap-y-2 text-slate-700">
        {facts.hoursRows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-medium text-ink">{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function ChatSection() {
  return (
    <section id="chat" aria-labelledby="chat-heading" className="mx-auto max-w-5xl px-4 py-16 md:py-20">
      <SectionHeading id="chat-heading" eyebrow="Questions?" title="Live Chat">
        <p>
          {chatEmbedUrl
            ? "Ask our chat assistant about our services, scheduling or what a job involves. For a price, send the estimate form or call us."
            : "Have a quick question about a repair, a remodel or home watch? Here is how to reach us."}
        </p>
      </SectionHeading>
      <div data-reveal className="mt-8">
        {chatEmbedUrl ? <ChatFrame src={chatEmbedUrl} /> : <ChatFallback />}
      </div>
    </section>
  );
}
