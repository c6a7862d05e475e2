/** Links to the business's social pages, opening in a new tab. */
import { Icon } from "~/ui/icon";
import { useFacts } from "./site-live-data";

export function SocialLinks({ linkClassName }: { linkClassName: string }) {
  const { social } = useFacts();
  const networks = [
    { name: "Facebook", icon: "facebook", href: social.facebook },
    { name: "Instagram", icon: "instagram", href: social.instagram },
  ] as const;
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
