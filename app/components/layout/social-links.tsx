/** Links to the business's social pages, opening in a new tab. */
import { Icon } from "~/ui/icon";
import { profile } from "~/content/profile";

const networks = [
  { name: "Facebook", icon: "facebook", href: profile.social.facebook },
  { name: "Instagram", icon: "instagram", href: profile.social.instagram },
] as const;

export function SocialLinks({ linkClassName }: { linkClassName: string }) {
  return (
    <>
      {networks.map((n) => (
        <a key={n.name} href={n.href} target="_blank" rel="noopener noreferrer" className={linkClassName}>
          <Icon name={n.icon} label={`${n.name} (opens in a new tab)`} />
        </a>
      ))}
    </>
  );
}
