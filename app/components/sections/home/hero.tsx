/**
 * The home page hero: the beach picture behind a dark gradient, the headline, two calls to action
 * and the three count-up figures.
 *
 * The picture is the page's largest paint, so it loads first (see the route's preload link). Its
 * addresses come from the route's loader rather than the image manifest, which keeps the manifest
 * out of the JavaScript the page needs at start. Its parallax moves only a transform, so it never
 * changes layout, and it stays still for visitors who prefer reduced motion.
 */
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/ui/button";
import { PHONE_COPY_MEDIA } from "~/ui/image-sizes";
import { useFacts } from "~/components/layout/site-live-data";
import { prefersReducedMotion } from "~/ui/scroll";
import { CountUp } from "./count-up";
import { SectionLink } from "./section-link";

export const HERO_IMAGE = "hero-beach";
export const HERO_SIZES = "100vw";

/** The hero picture's sources, as the route's loader reads them from the image manifest. */
export interface HeroPicture {
  /** what a phone draws, carried in the HTML (see `firstPicture`) */
  phoneCopy: string;
  avif: string;
  webp: string;
  fallback: string;
  width: number;
  height: number;
}

const HERO_COUNT_MS = 1200;
const HERO_COUNT_STAGGER_MS = 200;
/** how much slower than the page the picture moves */
const PARALLAX_SHARE = 0.25;

function useParallax<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const layer = ref.current;
    const hero = layer?.parentElement;
    if (!layer || !hero || prefersReducedMotion()) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const top = hero.getBoundingClientRect().top;
      // The picture overhangs the hero's top by a fixed length, so it can drift down that far.
      const overhang = -layer.offsetTop;
      const offset = Math.min(Math.max(-top, 0) * PARALLAX_SHARE, overhang);
      layer.style.transform = offset > 0 ? `translate3d(0,${offset.toFixed(1)}px,0)` : "";
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    // At the top of the page the picture sits where it was drawn; measuring it there would only
    // make the browser lay out the whole page again while it is starting.
    if (window.scrollY > 0) onScroll();
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return ref;
}

export function HomeHero({ picture }: { picture: HeroPicture }) {
  const parallax = useParallax<HTMLDivElement>();
  const { figures } = useFacts();
  const counters = [
    { end: figures.yearsExperience, suffix: "+", label: "Years Experience" },
    { end: figures.yearsOnIsland, suffix: "", label: "Years on LBI" },
    { end: figures.satisfactionPercent, suffix: "%", label: "Satisfaction" },
  ] as const;
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden bg-navy-950 text-white">
      {/* Every layer is placed from the hero's top edge: while the HTML streams in, the hero grows
          downwards, and a layer placed from the bottom (or by a share of the height) would move. */}
      <div ref={parallax} className="absolute inset-x-0 -top-40 bottom-0 -z-20">
        <picture className="block h-full">
          <source media={PHONE_COPY_MEDIA} type="image/avif" srcSet={picture.phoneCopy} sizes={HERO_SIZES} />
          <source type="image/avif" srcSet={picture.avif} sizes={HERO_SIZES} />
          <source type="image/webp" srcSet={picture.webp} sizes={HERO_SIZES} />
          <img
            src={picture.fallback}
            alt=""
            width={picture.width}
            height={picture.height}
            loading="eager"
            decoding="sync"
            fetchPriority="high"
            className="h-full w-full object-cover"
          />
        </picture>
      </div>
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-r from-navy-950/95 via-navy-950/80 to-navy-950/45"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-t from-navy-950/80 via-transparent via-35% to-transparent"
      />

      <div className="mx-auto max-w-6xl px-4 pt-16 pb-12 sm:pt-24 md:pb-16 lg:pt-28">
        <p className="text-sm font-semibold tracking-wider text-sand-200 uppercase">
          Family-owned since {figures.foundingYear} · Long Beach Island &amp; Manahawkin
        </p>
        <h1
          id="hero-heading"
          className="mt-3 max-w-3xl text-4xl leading-tight font-bold text-balance sm:text-5xl lg:text-6xl"
        >
          Home Repair &amp; Renovation for Long Beach Island
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-sea-100 sm:text-xl">
          Salt air, nor&apos;easters and sandy feet are hard on a shore house. Our family crew rebuilds the bathrooms,
          decks, stairs and windows that take the beating, and keeps an eye on the house while you are away.
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
            <li key={c.label} className="rounded-xl bg-navy-950/70 px-2.5 py-4 ring-1 ring-white/15 sm:px-5">
              <CountUp
                end={c.end}
                suffix={c.suffix}
                durationMs={HERO_COUNT_MS}
                delayMs={i * HERO_COUNT_STAGGER_MS}
                className="text-2xl font-bold text-sunset-500 min-[400px]:text-3xl sm:text-4xl"
              />
              <span className="mt-1 block text-sm font-medium text-sea-100 sm:text-base">{c.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
