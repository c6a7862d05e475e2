import { buttonClass } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { phoneHref } from "~/content/business-facts";
import { useFacts } from "~/components/layout/site-live-data";

/** A button that dials the business; the label comes from the content file, e.g. "Call {phone}". */
export function CallButton({ label }: { label: string }) {
  const facts = useFacts();
  return (
    <a href={phoneHref(facts)} className={buttonClass("light")}>
      <Icon name="phone" className="size-4" /> {label}
    </a>
  );
}
