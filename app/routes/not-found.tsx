/** Any other path: a 404 status and "Oops! Page not found", logged on both sides. */
import { data } from "react-router";
import { NotFoundPage } from "~/components/sections/not-found-page";
import { log } from "~/infra/log.server";
import { loggablePath } from "~/infra/request-log.server";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  log("warn", "page not found", { path: loggablePath(path) });
  return data({ path }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <NotFoundPage />;
}
