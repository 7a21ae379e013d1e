import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { useLandingPage } from '../../lib/endpoints/getLandingPage';
import { spaceUrl, WWW } from '../../lib/host';
import { storeRedirectSpace } from '../../lib/redirectPreference';
import type { Space } from '../../lib/types';

/** Organisation dropdown: every landing-page space with its icon, linking to its host. */
export function OrgMenu({ current, open, onOpenChange }: { current: Space; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { data } = useLandingPage();
  const spaces = data ? [...data.nationalSpaces, ...data.spaces] : [];

  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger className="icon-btn icon-btn--on-primary" aria-label={t('shell.switchOrganization')}>
        <Icon name="chevronDown" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="start" sideOffset={8}>
          <DropdownMenu.Label className="menu__label">{t('shell.organizations')}</DropdownMenu.Label>
          {spaces.map((s) => (
            <DropdownMenu.Item key={s.id} asChild className="menu__item" onSelect={() => storeRedirectSpace(s.subdomain)}>
              <a href={spaceUrl(s.subdomain)} aria-current={s.id === current.id ? 'true' : undefined}>
                <img src={`/api/common/get/spaceIcon/28/${s.subdomain}`} alt="" width={28} height={28} className="menu__icon" />
                <span className="menu__text">{s.title}</span>
                {s.id === current.id && <Icon name="check" size={16} />}
              </a>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item asChild className="menu__item">
            <a href={`${spaceUrl(WWW)}?reset=true`}>
              <Icon name="globe" size={20} />
              <span className="menu__text">{t('shell.allOrganizations')}</span>
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
