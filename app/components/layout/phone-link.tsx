/** The business's phone as a link, in the words of a sentence: the number published on the desk. */
import { phoneHref } from "~/content/business-facts";
import { useFacts } from "./site-live-data";

export function PhoneLink({ className = "font-medium text-sea-600 underline" }: { className?: string }) {
  const facts = useFacts();
  return (
    <a href={phoneHref(facts)} className={className}>
      {facts.phoneDisplay}
    </a>
  );
}
