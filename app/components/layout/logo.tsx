/** The company mark (public/logo.svg) with the business name beside it. */
import { profile } from "~/content/profile";

const [nameLine1, nameLine2] = (() => {
  const at = profile.name.indexOf(" & ");
  return at === -1 ? [profile.name, ""] : [profile.name.slice(0, at), profile.name.slice(at + 1)];
})();

export function LogoMark({ className = "size-10" }: { className?: string }) {
  return <img src="/logo.svg" alt="" width={40} height={40} className={className} />;
}

/** The name in two lines, as the side panel and footer show it. */
export function LogoName({ className = "" }: { className?: string }) {
  return (
    <span className={`flex flex-col leading-tight ${className}`}>
      <span className="font-bold">{nameLine1}</span>
      {nameLine2 ? <span className="text-sm opacity-90">{nameLine2}</span> : null}
    </span>
  );
}
