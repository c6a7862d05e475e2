/**
 * Everything on the home page after the hero, in the spec's order. The route loads this module
 * lazily: the prerendered HTML holds all of it, so nothing is missing before it arrives, but the
 * page's start-up JavaScript stays within budget and the hero hydrates first.
 */
import { ContactSection } from "~/components/sections/contact-section";
import { AboutSection } from "./about-section";
import { AndersenSection } from "./andersen-section";
import { ChatSection } from "./chat-section";
import { HomeWatchSection } from "./home-watch-section";
import { ServicesGridSection } from "./services-grid";

export default function BelowTheFold() {
  return (
    <>
      <ServicesGridSection />
      <AndersenSection />
      <HomeWatchSection />
      <AboutSection />
      <ContactSection />
      <ChatSection />
    </>
  );
}
