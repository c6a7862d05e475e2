/**
 * Count-up numbers: a number that counts from 0 to its value with a
 * cubic ease-out once it is half visible.
 *
 * The server renders the final value, so crawlers, visitors without JavaScript and visitors who
 * prefer reduced motion see the real figure and nothing moves. Screen readers hear only the final
 * figure: the animating copy is hidden from them. The final value also reserves the width, and the
 * moving digits are one left-aligned text run, so counting never shifts the layout.
 */
import { useEffect, useRef, useState } from "react";
import { prefersReducedMotion } from "~/components/ui/scroll";

export const COUNT_UP_DEFAULT_MS = 1500;
const VISIBLE_SHARE = 0.5;

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

interface CountUpTiming {
  durationMs?: number;
  /** a wait after the number comes into view, to stagger several counters */
  delayMs?: number;
}

/** The value to show now, and the ref of the element whose visibility starts the count. */
export function useCountUp<T extends Element>(
  end: number,
  { durationMs = COUNT_UP_DEFAULT_MS, delayMs = 0 }: CountUpTiming = {},
) {
  const ref = useRef<T>(null);
  const [value, setValue] = useState(end);

  useEffect(() => {
    const element = ref.current;
    if (!element || !("IntersectionObserver" in window) || prefersReducedMotion()) return;
    let frame = 0;
    let timer = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setValue(0);
        timer = window.setTimeout(() => {
          const started = performance.now();
          const tick = (now: number) => {
            const progress = Math.min(1, Math.max(0, (now - started) / durationMs));
            setValue(Math.round(end * easeOutCubic(progress)));
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
      setValue(end);
    };
  }, [end, durationMs, delayMs]);

  return [ref, value] as const;
}

interface CountUpProps extends CountUpTiming {
  end: number;
  /** text after the number, such as "+" or "%" */
  suffix?: string;
  className?: string;
}

export function CountUp({ end, suffix = "", durationMs, delayMs, className = "" }: CountUpProps) {
  const [ref, value] = useCountUp<HTMLSpanElement>(end, { durationMs, delayMs });
  const final = `${end}${suffix}`;
  return (
    <span ref={ref} className={`relative inline-block text-left tabular-nums ${className}`}>
      <span className="sr-only">{final}</span>
      <span aria-hidden="true" className="invisible">
        {final}
      </span>
      <span aria-hidden="true" data-count-up={final} className="absolute inset-0">
        {`${value}${suffix}`}
      </span>
    </span>
  );
}
