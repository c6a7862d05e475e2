/** /privacy: what the forms collect, why, where it is kept, for how long, and how to have it deleted. */
import { PageHero } from "~/components/sections/page-hero";
import { useFacts } from "~/components/layout/site-live-data";
import { mailtoHref, phoneHref } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { breadcrumbJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import type { Route } from "./+types/privacy";

export function loader() {
  return {
    seo: pageMeta({
      title: "Privacy Notice",
      description: `What ${profile.shortName} collects through its estimate and newsletter forms, why, how long it is kept, and how to have it deleted.`,
      path: "/privacy",
      jsonLd: [breadcrumbJsonLd([{ name: "Privacy", path: "/privacy" }])],
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

const h2 = "mt-10 text-2xl font-bold text-navy-900";

export default function Privacy() {
  const facts = useFacts();
  return (
    <>
      <PageHero title="Privacy Notice" intro="Plain answers about the information you send us through this website." />
      <div className="mx-auto max-w-3xl px-4 py-12 text-lg leading-relaxed">
        <h2 className={h2}>What the estimate form collects</h2>
        <p className="mt-3">
          Your name, email address, phone number, the project address and description you type, and any photos you
          attach. Photos are resized and every piece of hidden information in them, such as the GPS position a phone
          records, is removed before they are stored. We also keep the time of the request, a description of the browser
          it came from, and a scrambled (hashed) form of the network address it was sent from, which lets us spot abuse
          without keeping the address itself.
        </p>
        <h2 className={h2}>Why</h2>
        <p className="mt-3">
          Only to prepare your estimate, reply to you and do the work you ask for. We email you a copy of your request
          so you know it arrived. We do not sell or share your details, and we do not use them for advertising.
        </p>
        <h2 className={h2}>The newsletter</h2>
        <p className="mt-3">
          If you sign up, we keep your email address and the dates you signed up and confirmed. Nothing is sent until
          you confirm by clicking the link in our first email, and every newsletter has a one-click unsubscribe link.
        </p>
        <h2 className={h2}>Where it is kept and for how long</h2>
        <p className="mt-3">
          Requests are stored in our own database on our web server and delivered to our business inbox. We keep a
          request for as long as it is useful for your project and its warranty, and delete it when you ask. Newsletter
          addresses are kept while you are subscribed and deleted 30 days after you unsubscribe; a signup that is never
          confirmed is deleted after 30 days. Delivered copies of our emails are removed from our server after 30 days,
          and copies of emails that could not be delivered after 90 days. A request our spam filter holds back is
          deleted after 30 days unless we find it is genuine.
        </p>
        <h2 className={h2}>Protecting the forms from abuse</h2>
        <p className="mt-3">
          To stop anyone from flooding the forms, the server counts recent requests from each network address for 10
          minutes, and remembers a scrambled form of each email address that received a confirmation for 24 hours, so
          that nobody can use the form to send our emails to a stranger again and again. These counters are deleted
          within an hour after they run out.
        </p>
        <h2 className={h2}>How to ask for deletion</h2>
        <p className="mt-3">
          Email{" "}
          <a href={mailtoHref(facts)} className="font-medium text-sea-600 underline">
            {facts.email}
          </a>{" "}
          or call{" "}
          <a href={phoneHref(facts)} className="font-medium text-sea-600 underline">
            {facts.phoneDisplay}
          </a>{" "}
          and tell us the name and email you used. We delete the request and its photos and confirm by email.
        </p>
        <h2 className={h2}>Cookies</h2>
        <p className="mt-3">
          The site sets one cookie, which remembers whether you keep the side menu open or collapsed, for 7 days. There
          are no tracking or advertising cookies.
        </p>
      </div>
    </>
  );
}
