import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { Sheet } from '../../components/Sheet';
import { useUiStore } from '../../lib/uiStore';

/** Left drawer frame (width 320); the collection tree arrives with the collections feature. */
export function LeftDrawer() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.drawerOpen);
  const setOpen = useUiStore((s) => s.setDrawerOpen);
  return (
    <Sheet open={open} onOpenChange={setOpen} side="left" title={t('drawer.title')}>
      <div className="empty-state">
        <Icon name="folder" size={32} />
        <p className="empty-state__title">{t('drawer.emptyTitle')}</p>
        <p className="empty-state__text">{t('drawer.emptyText')}</p>
      </div>
    </Sheet>
  );
}
