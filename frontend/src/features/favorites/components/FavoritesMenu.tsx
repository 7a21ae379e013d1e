import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChangedChip } from '@/components/ChangedChip';
import { Icon } from '@/components/Icon';
import { LanguageBadge } from '@/components/StateChips';
import type { FavoritesCollection as FavoriteCollection } from '@/lib/api-types.gen';
import { useChangedSinceRead } from '@/lib/endpoints/getChangedSinceRead';
import { useFavorites } from '../api/getFavorites';
import { favoriteGuidelineHref } from '../links';

/**
 * Star in the header listing the signed-in reader's favourite guidelines (opened in the
 * reader) and collections (handed to onOpenCollection, which shows their table of contents).
 */
export function FavoritesMenu({ onOpenCollection }: { onOpenCollection: (c: FavoriteCollection) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const favorites = useFavorites(true);
  const changed = useChangedSinceRead(true).data;
  const guidelines = favorites.data?.guidelines ?? [];
  const collections = favorites.data?.collections ?? [];

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="icon-btn icon-btn--on-primary" aria-label={t('favorites.label')} data-testid="favorites-trigger">
        <Icon name="star" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu notif-menu" align="end" sideOffset={8} collisionPadding={8}>
          <DropdownMenu.Label className="menu__label">{t('favorites.title')}</DropdownMenu.Label>
          <DropdownMenu.Separator className="menu__separator" />
          {favorites.isPending ? (
            <p className="notif-menu__status">{t('common.loading')}</p>
          ) : favorites.isError ? (
            <p className="notif-menu__status">{t('error.somethingWrong')}</p>
          ) : guidelines.length === 0 && collections.length === 0 ? (
            <p className="notif-menu__status">{t('favorites.empty')}</p>
          ) : (
            <>
              {guidelines.length > 0 && (
                <DropdownMenu.Group>
                  <DropdownMenu.Label className="menu__label">{t('favorites.guidelines')}</DropdownMenu.Label>
                  {guidelines.map((g) => (
                    <DropdownMenu.Item
                      key={`${g.space}:${g.guideline}:${g.language}`}
                      className="menu__item"
                      data-favorite-guideline={g.guideline}
                      onSelect={() => navigate(favoriteGuidelineHref(g))}
                    >
                      <Icon name="fileText" size={16} />
                      <span className="menu__text">{g.title}</span>
                      {!g.shared && changed?.has(`${g.guideline}/${g.language}`) && (
                        <ChangedChip acknowledgementMissing={changed.get(`${g.guideline}/${g.language}`)?.acknowledgementMissing} />
                      )}
                      <LanguageBadge language={g.language} />
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.Group>
              )}
              {collections.length > 0 && (
                <DropdownMenu.Group>
                  <DropdownMenu.Label className="menu__label">{t('favorites.collections')}</DropdownMenu.Label>
                  {collections.map((c) => (
                    <DropdownMenu.Item
                      key={`${c.space}:${c.collection}`}
                      className="menu__item"
                      data-favorite-collection={c.collection}
                      onSelect={() => onOpenCollection(c)}
                    >
                      <Icon name="folder" size={16} />
                      <span className="menu__text">{c.title}</span>
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.Group>
              )}
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
