import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import type { Space } from '@/lib/types';

const OrgMenu = lazy(() => import('./OrgMenu').then((m) => ({ default: m.OrgMenu })));

/**
 * The organisation switcher, whose popover code loads when a visitor first points at or presses
 * its button: most readers never switch organisations, so their first page does not carry it.
 * A press (pointer or keyboard) opens the menu as soon as it has loaded, and the menu takes the
 * focus; a keyboard user's focus is never moved by a mere load.
 */
export function OrgSwitcher({ current }: { current: Space }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);
  const placeholder = (
    <button
      type="button"
      className="icon-btn icon-btn--on-primary"
      aria-label={t('shell.switchOrganization')}
      aria-haspopup="dialog"
      onPointerEnter={() => setLoaded(true)}
      // like the menu's own trigger, a press opens it on pointer down (the click may never
      // come when the loaded menu replaces this button in between); keys click
      onPointerDown={(e) => {
        if (e.button !== 0 || e.ctrlKey) return;
        setLoaded(true);
        setOpen(true);
      }}
      onClick={() => {
        setLoaded(true);
        setOpen(true);
      }}
    >
      <Icon name="chevronDown" />
    </button>
  );
  if (!loaded) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <OrgMenu current={current} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
