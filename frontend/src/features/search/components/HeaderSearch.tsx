import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '@/components/Icon';
import type { Suggestion } from '@/lib/api-types.gen';
import { useSuggestions } from '../api/getSuggestions';
import { CLOSED, comboboxKey, type ComboboxKey, type ComboboxState } from '../combobox';
import { SUGGEST_DEBOUNCE_MS, useDebounced } from '../hooks/useDebounced';
import { Highlight } from '../highlight';
import { guidelinePath, MAX_QUERY, resultsPath } from '../searchState';
import '../search.css';

const KEYS: readonly string[] = ['ArrowDown', 'ArrowUp', 'Enter', 'Escape'] satisfies ComboboxKey[];
const isComboboxKey = (key: string): key is ComboboxKey => KEYS.includes(key);

/**
 * The header's search field (spec §2 Search box): suggestions as you type, up/down/enter,
 * escape closes, enter without a suggestion shows the results; hidden on the authoring
 * routes, emptied on every route change; on narrow screens behind a toggle button.
 */
export function HeaderSearch({ spaceId }: { spaceId: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const listId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [combo, setCombo] = useState<ComboboxState>(CLOSED);
  const [mobileOpen, setMobileOpen] = useState(false);
  const typed = useDebounced(text.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestions(typed);
  // suggestions of an older text are not offered for the current one
  const list: Suggestion[] = typed === text.trim() ? (suggestions.data ?? []) : [];
  const open = combo.open && list.length > 0;

  useEffect(() => {
    setText('');
    setCombo(CLOSED);
    setMobileOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (mobileOpen) inputRef.current?.focus();
  }, [mobileOpen]);

  if (location.pathname === '/guidelines' || location.pathname.startsWith('/guidelines/')) return null;

  const choose = (s: Suggestion) => navigate(guidelinePath(s.guidelineId, s.language, s.spaceId, spaceId, s.kind === 'section' ? s.sectionId : undefined));
  const submit = () => navigate(resultsPath(text));

  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!isComboboxKey(e.key)) return;
    const action = comboboxKey({ open, active: open ? combo.active : -1 }, e.key, list.length);
    if (action.kind === 'none') return;
    e.preventDefault();
    if (action.kind === 'move' || action.kind === 'close') setCombo(action.state);
    else if (action.kind === 'choose') choose(list[action.index]);
    else submit();
  };

  const activeId = open && combo.active >= 0 ? `${listId}-${combo.active}` : undefined;
  return (
    <div className={`header-search${mobileOpen ? ' header-search--open' : ''}`}>
      <button
        type="button"
        className="icon-btn icon-btn--on-primary header-search__toggle"
        aria-label={t('search.toggle')}
        aria-expanded={mobileOpen}
        onClick={() => setMobileOpen((o) => !o)}
      >
        <Icon name={mobileOpen ? 'close' : 'search'} />
      </button>
      <form
        className="header-search__form"
        role="search"
        aria-label={t('search.label')}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          className="header-search__input"
          placeholder={t('search.placeholder')}
          autoComplete="off"
          maxLength={MAX_QUERY}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setCombo({ open: true, active: -1 });
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => setCombo(CLOSED)}
          onFocus={() => setCombo({ open: true, active: -1 })}
        />
        {text && (
          <button
            type="button"
            className="header-search__clear"
            aria-label={t('search.clear')}
            onClick={() => {
              setText('');
              setCombo(CLOSED);
              inputRef.current?.focus();
            }}
          >
            <Icon name="close" size={16} />
          </button>
        )}
        {/* not a submit button: pages find their own form's submit button */}
        <button type="button" className="header-search__submit" aria-label={t('search.submit')} onClick={submit}>
          <Icon name="search" size={18} />
        </button>
        <ul id={listId} role="listbox" aria-label={t('search.suggestions')} className="header-search__list" hidden={!open}>
          {open &&
            list.map((s, i) => (
              <li
                key={`${s.kind}-${s.spaceId}-${s.guidelineId}-${s.language}-${s.text}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === combo.active}
                className="header-search__option"
                // keep the focus in the field so the list does not close before the click
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(s)}
              >
                <span className="header-search__text">
                  {s.text}
                  {s.kind === 'section' && (
                    <span className="header-search__section">
                      {s.sectionTitle && <>{s.sectionTitle}: </>}
                      <Highlight html={s.snippet} />
                    </span>
                  )}
                </span>
                {s.kind !== 'title' && <span className="chip chip--muted">{t(`search.kind.${s.kind}`)}</span>}
                <span className="header-search__lang">{s.language.toUpperCase()}</span>
              </li>
            ))}
        </ul>
      </form>
    </div>
  );
}
