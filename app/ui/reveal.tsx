/**
 * Scroll reveal: elements marked `data-reveal` fade in once when they scroll into view.
 *
 * Nothing is hidden until this runs after hydration, and what is already on screen then is marked
 * revealed at once, so neither a browser without JavaScript nor the first paint ever loses content.
 */
import { useEffect } from "react";
import { useLocation } from "react-router";

export function RevealObserver() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!("IntersectionObserver" in window)) return;
    const pending = Array.from(document.querySelectorAll<HTMLElement>("[data-reveal]:not([data-revealed])"));
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.setAttribute("data-revealed", "");
          observer.unobserve(entry.target);
        }
      },
      { threshold: 0.1 },
    );
    for (const el of pending) {
      const box = el.getBoundingClientRect();
      if (box.top < window.innerHeight && box.bottom > 0) el.setAttribute("data-revealed", "");
      else observer.observe(el);
    }
    document.documentElement.classList.add("js-reveal");
    return () => observer.disconnect();
  }, [pathname]);
  return null;
}
