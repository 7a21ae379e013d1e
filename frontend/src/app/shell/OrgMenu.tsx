import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox, type ComboboxGroup, type ComboboxStatus } from '@/components/Combobox';
import { Icon } from '@/components/Icon';
import { SpaceOptionView } from '@/components/SpacePicker';
import { useLandingSearch } from '@/lib/endpoints/getLandingPage';
import { spaceUrl, WWW } from '@/lib/host';
import { storeRedirectSpace } from '@/lib/redirectPreference';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/lib/useDebouncedValue';
import type { Space } from '@/lib/types';

/**
 * Organisation switcher: the caller's own spaces at once, every other landing-page space by
 * searching on the server. Like the menu it replaced, it opens on pointer down.
 */
export function OrgMenu({ current, open, onOpenChange }: { current: Space; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        className="icon-btn icon-btn--on-primary"
        aria-label={t('shell.switchOrganization')}
        onPointerDown={(e) => {
          if (e.button !== 0 || e.ctrlKey) return;
          if (!open) e.preventDefault(); // the search box, not the button, takes the focus
          onOpenChange(!open);
        }}
        // pointers toggled it on pointer down (a click may follow the placeholder's press too); keys click
        onClick={(e) => {
          if (e.detail > 0) e.preventDefault();
        }}
      >
        <Icon name="chevronDown" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="menu org-menu" align="start" sideOffset={8} aria-label={t('shell.organizations')}>
          <OrgSearch current={current} onDone={() => onOpenChange(false)} />
          <div className="menu__separator" role="separator" />
          <a className="menu__item" href={`${spaceUrl(WWW)}?reset=true`}>
            <Icon name="globe" size={20} />
            <span className="menu__text">{t('shell.allOrganizations')}</span>
          </a>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function OrgSearch({ current, onDone }: { current: Space; onDone: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const landing = useLandingSearch(query);
  const page = landing.data;
  // mySpaces holds the caller's regional spaces whole; their national ones are few and on the first page
  const mine = page ? [...page.nationalSpaces.filter((s) => s.member), ...page.mySpaces] : [];
  const mineIds = new Set(mine.map((s) => s.id));
  const others = page ? [...page.nationalSpaces, ...page.spaces].filter((s) => !mineIds.has(s.id)) : [];
  const othersTotal = page ? page.nationalTotal + page.total - mine.length : 0;
  const searching = query !== '';
  const groups: ComboboxGroup<Space>[] = [{ key: 'mine', label: t('landing.myOrganizations'), options: mine }];
  if (searching || mine.length === 0) groups.push({ key: 'others', label: mine.length > 0 ? t('landing.moreOrganizations') : t('shell.organizations'), options: others });
  const status: ComboboxStatus = landing.isError ? 'error' : page ? 'ready' : 'loading';
  const moreText = !searching && mine.length > 0 ? t('shell.searchHint') : othersTotal > others.length ? t('picker.spaces.more', { shown: others.length, total: othersTotal }) : undefined;

  const handlePick = (space: Space) => {
    if (space.id === current.id) {
      onDone();
      return;
    }
    storeRedirectSpace(space.subdomain);
    window.location.assign(spaceUrl(space.subdomain));
  };

  return (
    <Combobox
      inline
      label={t('shell.searchOrganizations')}
      hideLabel
      placeholder={t('shell.searchOrganizations')}
      text={text}
      onTextChange={setText}
      groups={groups}
      optionKey={(s) => s.id}
      renderOption={(s) => (
        <>
          <SpaceOptionView space={s} />
          {s.id === current.id && (
            <span className="picker__current">
              <Icon name="check" size={16} />
              <span className="visually-hidden">{t('shell.currentOrganization')}</span>
            </span>
          )}
        </>
      )}
      onPick={handlePick}
      status={status}
      loadingText={t('common.loading')}
      emptyText={t('landing.noOrganizations')}
      errorText={t('picker.error')}
      moreText={moreText}
    />
  );
}
