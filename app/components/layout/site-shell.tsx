/** The page frame: the side panel beside a column of header, page and footer. */
import type { ReactNode } from "react";
import { Header } from "./header";
import { frameParts } from "./frame-parts-loader";
import { RevealObserver } from "~/ui/reveal";
import { useSiteLiveData } from "~/components/layout/site-live-data";

export function SiteShell({ children }: { children: ReactNode }) {
  const { notice } = useSiteLiveData();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-navy-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      {notice ? <frameParts.Later pick={(m) => m.NoticeBanner} props={{ notice }} /> : null}
      <div className="flex min-h-dvh">
        <frameParts.Later pick={(m) => m.SidePanel} props={{}} />
        <div className="flex min-w-0 flex-1 flex-col">
          <Header />
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            {children}
          </main>
          <frameParts.Later pick={(m) => m.Footer} props={{}} />
          <RevealObserver />
        </div>
      </div>
    </>
  );
}
