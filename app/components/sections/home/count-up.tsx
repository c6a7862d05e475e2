/**
 * Count-up numbers: a number that counts from 0 to its value with a
 * cubic ease-out once it is half visible.
 *
 * The server renders the final value, so crawlers, visitors without JavaScript and visitors who
 * prefer reduced motion see the real figure and nothing moves. Screen readers hear only the final
 * figure: the animating copy is hidden from them. The final value also reserves the width, and the
 * moving digits are one left-aligned text run, so counting never shifts the layout.
 *
 * Each frame writes the number straight into the animating copy's text instead of through React
 * state: the hero's counters run in the first seconds of a visit, while the page is still starting,
 * and a render per counter per frame kept a phone's main thread busy just then.
 */
import { useEffect, useRef } from "react";
import { prefersReducedMotion } from "~/ui/scroll";

export const COUNT_UP_DEFAULT_MS = 1500;
const VISIBLE_SHARE = 0.5;

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

interface CountUpTiming {
  durationMs?: number;
  /** a wait after the number comes into view, to stagger several counters */
  delayMs?: number;
}

/**
 * Counts the text of `shown` from 0 up to `end` (followed by `suffix`) once `observed` is half
 * visible, and leaves the final figure there whatever happens.
 */
function useCountUp(end: number, suffix: string, { durationMs = COUNT_UP_DEFAULT_MS, delayMs = 0 }: CountUpTiming) {
  const observed = useRef<HTMLSpanElement>(null);
  const shown = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const element = observed.current;
    const text = shown.current;
    if (!element || !text || !("IntersectionObserver" in window) || prefersReducedMotion()) return;
    let written = end;
    const show = (value: number) => {
      if (value === written) return;
      written = value;
      text.textContent = `${value}${suffix}`;
    };
    let frame = 0;
    let timer = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        show(0);
        timer = window.setTimeout(() => {
          const started = performance.now();
          const tick = (now: number) => {
            const progress = Math.min(1, Math.max(0, (now - started) / durationMs));
            show(Math.round(end * easeOutCubic(progress)));
            if (progress < 1) frame = requestAnimationFrame(tick);
          };
          frame = requestAnimationFrame(tick);
        }, delayMs);
      },
      { threshold: VISIBLE_SHARE },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
      // Never leave a half-counted number behind if the count is interrupted.
      show(end);
    };
  }, [end, suffix, durationMs, delayMs]);

  return { observed, shown };
}

interface CountUpProps extends CountUpTiming {
  end: number;
  /** text after the number, such as "+" or "%" */
  suffix?: string;
  className?: string;
}

export function CountUp({ end, suffix = "", durationMs, delayMs, className = "" }: CountUpProps) {
  const { observed, shown } = useCountUp(end, suffix, { durationMs, delayMs });
  const final = `${end}${suffix}`;
  return (
    <span ref={observed} className={`relative inline-block text-left tabular-nums ${className}`}>
      <span className="sr-only">{final}</span>
      <span aria-hidden="true" className="invisible">
        {final}
      </span>
      <span ref={shown} aria-hidden="true" data-count-up={final} className="absolute inset-0">
        {final}
      </span>
    </span>
  );
}
