/**
 * The home page hero: the beach picture behind a dark gradient, the headline, two calls to action
 * and the three count-up figures (spec §2 'Home page' 1, §9 'Hero counters').
 *
 * The picture is the page's largest paint, so it loads first (see the route's preload link). Its
 * parallax moves only a transform, so it never changes layout, and it stays still for visitors who
 * prefer reduced motion.
 */
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Picture } from "~/components/ui/picture";
import { profile } from "~/content/profile";
import { CountUp } from "./count-up";
import { SectionLink } from "./section-link";

export const HERO_IMAGE = "hero-beach";
const HERO_COUNT_MS = 1200;
const HERO_COUNT_STAGGER_MS = 200;
/** how much slower than the page the picture moves; its layer overhangs the top by the same share */
const PARALLAX_SHARE = 0.25;

const counters = [
  { end: profile.yearsExperience, suffix: "+", label: "Years Experience" },
  { end: profile.yearsOnIsland, suffix: "", label: "Years on LBI" },
  { end: profile.satisfactionPercent, suffix: "%", label: "Satisfaction" },
] as const;

function useParallax<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const layer = ref.current;
    const hero = layer?.parentElement;
    if (!layer || !hero) return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    let frame = 0;
    const update = () => {
      frame = 0;
      const box = hero.getBoundingClientRect();
      if (box.bottom < 0) return;
      const offset = Math.min(Math.max(-box.top, 0), box.height) * PARALLAX_SHARE;
      layer.style.transform = offset > 0 ? `translate3d(0, ${offset.toFixed(1)}px, 0)` : "";
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const stop = () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
      frame = 0;
      layer.style.transform = "";
    };
    const apply = () => {
      if (reduced.matches) return stop();
      window.addEventListener("scroll", onScroll, { passive: true });
      onScroll();
    };
    apply();
    reduced.addEventListener("change", apply);
    return () => {
      reduced.removeEventListener("change", apply);
      stop();
    };
  }, []);
  return ref;
}

export function HomeHero() {
  const parallax = useParallax<HTMLDivElement>();
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden bg-navy-950 text-white">
      <div ref={parallax} className="absolute inset-x-0 top-[-25%] -z-20 h-[125%]">
        <Picture name={HERO_IMAGE} alt="" sizes="100vw" priority className="block h-full" imgClassName="h-full w-full object-cover" />
      </div>
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-r from-navy-950/95 via-navy-950/80 to-navy-950/45" />
      <div aria-hidden="true" className="absolute inset-x-0 bottom-0 -z-10 h-1/3 bg-linear-to-t from-navy-950/80 to-transparent" />

      <div className="mx-auto max-w-6xl px-4 pt-16 pb-12 sm:pt-24 md:pb-16 lg:pt-28">
        <p className="text-sm font-semibold tracking-wider text-sand-200 uppercase">
          Family-owned since {profile.foundingYear} · Long Beach Island &amp; Manahawkin
        </p>
        <h1 id="hero-heading" className="mt-3 max-w-3xl text-4xl leading-tight font-bold text-balance sm:text-5xl lg:text-6xl">
          Home Repair &amp; Renovation for Long Beach Island
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-sea-100 sm:text-xl">
          Salt air, nor&apos;easters and sandy feet are hard on a shore house. Our family crew rebuilds the bathrooms, decks, stairs and windows that take the beating, and keeps an eye on the house while you are away.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <SectionLink to="contact" className={buttonClass("primary", "px-6 text-lg")}>
            Get a Fast Estimate
          </SectionLink>
          <Link to="/services" className={buttonClass("light", "px-6 text-lg")}>
            See Our Work
          </Link>
        </div>

        <ul aria-label="At a glance" className="mt-12 grid max-w-2xl grid-cols-3 gap-3 sm:gap-4">
          {counters.map((c, i) => (
            <li key={c.label} className="rounded-xl bg-navy-950/70 px-3 py-4 ring-1 ring-white/15 sm:px-5">
              <CountUp end={c.end} suffix={c.suffix} durationMs={HERO_COUNT_MS} delayMs={i * HERO_COUNT_STAGGER_MS} className="text-3xl font-bold text-sunset-500 sm:text-4xl" />
              <span className="mt-1 block text-sm font-medium text-sea-100 sm:text-base">{c.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
