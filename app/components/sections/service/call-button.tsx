import { buttonClass } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { phoneHref } from "~/content/profile";

/** A button that dials the business; the label comes from the content file, e.g. "Call {phone}". */
export function CallButton({ label }: { label: string }) {
  return (
    <a href={phoneHref} className={buttonClass("light")}>
      <Icon name="phone" className="size-4" /> {label}
    </a>
  );
}
