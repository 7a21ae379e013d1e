import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import type { Space } from '../../lib/types';

const OrgMenu = lazy(() => import('./OrgMenu').then((m) => ({ default: m.OrgMenu })));

/**
 * The organisation dropdown, whose menu code loads when a visitor first points at, focuses or
 * presses its button: most readers never switch organisations, so their first page does not
 * carry it. A press opens the menu as soon as it has loaded.
 */
export function OrgSwitcher({ current }: { current: Space }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState<'load' | 'open' | null>(null);
  const placeholder = (
    <button
      type="button"
      className="icon-btn icon-btn--on-primary"
      aria-label={t('shell.switchOrganization')}
      aria-haspopup="menu"
      onPointerEnter={() => setWanted((w) => w ?? 'load')}
      onFocus={() => setWanted((w) => w ?? 'load')}
      onClick={() => setWanted('open')}
    >
      <Icon name="chevronDown" />
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <OrgMenu current={current} defaultOpen={wanted === 'open'} />
    </Suspense>
  );
}
