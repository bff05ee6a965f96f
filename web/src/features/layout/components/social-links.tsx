import { FacebookIcon, InstagramIcon, TiktokIcon } from '../../../lib/icons';
import { SHOP } from '../../../lib/shop-info';

export function SocialLinks({ className = '' }: { className?: string }) {
  const links = [
    { href: SHOP.instagram, label: 'Instagram', Icon: InstagramIcon },
    { href: SHOP.facebook, label: 'Facebook', Icon: FacebookIcon },
    { href: SHOP.tiktok, label: 'TikTok', Icon: TiktokIcon },
  ];
  return (
    <ul className={`flex gap-3 ${className}`}>
      {links.map(({ href, label, Icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            // A brand's name, in Latin letters on Arabic pages too.
            lang="en"
            className="flex h-10 w-10 items-center justify-center rounded-full border border-current/30 transition hover:bg-white/10"
          >
            <Icon className="h-5 w-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
