/** "Oops! Page not found": for unknown paths, and for known routes asked for something that does not exist. */
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "~/ui/button";

export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-bold text-navy-800" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-navy-900">Oops! Page not found</h1>
      <p className="mt-4 text-lg text-slate-700">The page you were looking for is not here. It may have moved.</p>
      <Link to="/" className={buttonClass("primary", "mt-8")}>
        Return to Home
      </Link>
    </div>
  );
}
