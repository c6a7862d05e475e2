/** /contact: older links (one of our articles among them) point here; the contact section is on the home page. */
import { redirect } from "react-router";

export function loader() {
  return redirect("/#contact", 301);
}
