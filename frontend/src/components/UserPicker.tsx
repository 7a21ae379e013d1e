import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { displayName, type Member } from '../lib/types';
import { useSearchUserBySpace } from '../lib/endpoints/searchUserBySpace';

export const PICKER_DEBOUNCE_MS = 200;

/** A hook finding people by name or e-mail; idle while the query is empty. */
export type UserSearchHook = (query: string) => { data?: Member[]; isFetching: boolean };

interface UserPickerProps {
  label: string;
  /** users already in the list are shown but cannot be picked */
  excludeIds: ReadonlySet<number>;
  onPick: (user: Member) => void;
  disabled?: boolean;
  /** whom the picker finds: the members of the current space unless given (fixed for the picker's life) */
  useSearch?: UserSearchHook;
}

/** Search-as-you-type combobox over the members of the current space (keyboard: up, down, enter, escape). */
export function UserPicker({ label, excludeIds, onPick, disabled, useSearch = useSearchUserBySpace }: UserPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useSearch(query);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), PICKER_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const results = query ? (search.data ?? []) : [];
  const showList = open && query.length > 0;
  const pickable = (i: number) => i >= 0 && i < results.length && !excludeIds.has(results[i].id);

  const pick = (user: Member) => {
    onPick(user);
    setText('');
    setQuery('');
    setActive(-1);
    setOpen(false);
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + results.length) % results.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (pickable(active)) pick(results[active]);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="picker">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="search-box picker__box">
        <Icon name="search" size={18} />
        <input
          id={id}
          type="text"
          role="combobox"
          className="search-box__input"
          autoComplete="off"
          placeholder={t('picker.placeholder')}
          aria-expanded={showList}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${id}-opt-${active}` : undefined}
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={handleKeyDown}
        />
      </div>
      <ul id={`${id}-list`} role="listbox" aria-label={label} className="picker__list" hidden={!showList}>
        {showList && search.isFetching && results.length === 0 && <li className="picker__status">{t('common.loading')}</li>}
        {showList && !search.isFetching && results.length === 0 && <li className="picker__status">{t('common.noItems')}</li>}
        {showList &&
          results.map((user, i) => {
            const taken = excludeIds.has(user.id);
            return (
              <li
                key={user.id}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                aria-disabled={taken || undefined}
                className={i === active ? 'picker__option picker__option--active' : 'picker__option'}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => {
                  if (!taken) pick(user);
                }}
              >
                <span className="picker__name">{displayName(user)}</span>
                {displayName(user) !== user.username && <span className="picker__mail">{user.username}</span>}
                {taken && <span className="chip chip--muted">{t('picker.alreadyAdded')}</span>}
              </li>
            );
          })}
      </ul>
    </div>
  );
}
