/**
 * /about-us: replaces the history entry with "/" and, after 300 ms, scrolls smoothly to
 * the home page's About section. Without JavaScript a meta refresh and a link do the same.
 */
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { scrollToId } from "~/ui/scroll";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import type { Route } from "./+types/about-us";

export const ABOUT_REDIRECT_DELAY_MS = 300;

/** Without JavaScript the root document adds a <noscript> meta refresh to this address in <head>. */
export const handle = { noscriptRedirect: "/#about" };

export function loader() {
  return {
    seo: pageMeta({
      title: "About Us",
      description: "About our family-owned Long Beach Island home repair and renovation company.",
      path: "/",
      noindex: true,
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

export default function AboutUsRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    // The delay counts from the home page being there: on a slow phone its code and data can take
    // longer than the delay itself, and a scroll before then finds no #about to go to.
    void Promise.resolve(navigate("/", { replace: true, preventScrollReset: true })).then(() =>
      scrollToId("about", ABOUT_REDIRECT_DELAY_MS),
    );
  }, [navigate]);
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold text-navy-900">Redirecting to About section...</h1>
      <p className="mt-4">
        <a href="/#about" className="font-medium text-sea-600 underline">
          Go to the About section
        </a>
      </p>
    </div>
  );
}
