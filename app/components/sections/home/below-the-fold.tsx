/**
 * The home page's sections that hold only links and buttons: the route hydrates them from this
 * chunk, after the hero (`ui/later.tsx`). Their HTML is prerendered in full and every link and
 * button in them works as plain HTML until the chunk arrives.
 */
import { AboutSection } from "./about-section";
import { AndersenSection } from "./andersen-section";
import { ChatSection } from "./chat-section";
import { HomeWatchSection } from "./home-watch-section";
import { ServicesGridSection } from "./services-grid";

/** The sections between the hero and the contact section, in the order the home page shows them. */
export function BeforeContact() {
  return (
    <>
      <ServicesGridSection />
      <AndersenSection />
      <HomeWatchSection />
      <AboutSection />
    </>
  );
}

/** The section after the contact section. */
export function AfterContact() {
  return <ChatSection />;
}
