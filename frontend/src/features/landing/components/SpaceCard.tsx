import { spaceUrl } from '@/lib/host';
import { storeRedirectSpace } from '@/lib/redirectPreference';
import { DEFAULT_PRIMARY } from '@/lib/theme';
import type { Space } from '@/lib/types';

/** A space on the landing page: logo (45), title, subdomain and its colour as accent stripe. */
export function SpaceCard({ space }: { space: Space }) {
  const href = spaceUrl(space.subdomain);
  return (
    <a
      className="space-card"
      href={href}
      style={{ ['--card-color' as string]: space.color || DEFAULT_PRIMARY }}
      onClick={() => storeRedirectSpace(space.subdomain)}
      data-subdomain={space.subdomain}
    >
      <img className="space-card__logo" src={`/api/common/get/spaceLogo/45/${space.subdomain}`} alt="" width={45} height={45} loading="lazy" />
      <span className="space-card__text">
        <span className="space-card__title">{space.title}</span>
        <span className="space-card__subdomain">{space.subdomain}</span>
      </span>
    </a>
  );
}
