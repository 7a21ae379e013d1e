import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpaceOption, SpaceSearchHook } from '../lib/spaceSearch';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../lib/useDebouncedValue';
import { Combobox, type ComboboxStatus } from './Combobox';
import { Icon } from './Icon';

/** A space in a picker's list: its icon, title and subdomain. */
export function SpaceOptionView({ space }: { space: SpaceOption }) {
  return (
    <>
      <img className="picker__icon" src={`/api/common/get/spaceIcon/28/${space.subdomain}`} alt="" width={24} height={24} loading="lazy" />
      <span className="picker__name">{space.title}</span>
      <span className="picker__mail mono">{space.subdomain}</span>
    </>
  );
}

interface SpaceSearchProps {
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  /** where the spaces come from (fixed for the search's life) */
  useSearch: SpaceSearchHook;
  onPick: (space: SpaceOption) => void;
  /** why a space cannot be chosen (this space, chosen already …) */
  disabledReason?: (space: SpaceOption) => string | undefined;
  hint?: string;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * Finds a space among all of them by title, subdomain or id: the server filters and answers a
 * page (SPACE_PICKER_PAGE_SIZE); nothing is asked before the box is first used.
 */
export function SpaceSearch({ label, hideLabel, placeholder, useSearch, onPick, disabledReason, hint, error, inputRef }: SpaceSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [used, setUsed] = useState(false);
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearch(query, used);
  const spaces = search.data?.spaces ?? [];
  const total = search.data?.total ?? 0;
  const status: ComboboxStatus = !used ? 'idle' : search.isError ? 'error' : search.data ? 'ready' : 'loading';

  return (
    <Combobox
      label={label}
      hideLabel={hideLabel}
      placeholder={placeholder ?? t('picker.spaces.placeholder')}
      text={text}
      onTextChange={setText}
      groups={[{ key: 'spaces', options: spaces }]}
      optionKey={(s) => s.id}
      renderOption={(s) => <SpaceOptionView space={s} />}
      disabledReason={disabledReason}
      onPick={(s) => {
        onPick(s);
        setText('');
      }}
      status={status}
      loadingText={t('common.loading')}
      emptyText={t('common.noItems')}
      errorText={t('picker.error')}
      moreText={total > spaces.length ? t('picker.spaces.more', { shown: spaces.length, total }) : undefined}
      onFocus={() => setUsed(true)}
      hint={hint}
      error={error}
      inputRef={inputRef}
    />
  );
}

interface SpacePickerProps {
  label: string;
  useSearch: SpaceSearchHook;
  /** the chosen spaces: shown whether or not a loaded page holds them */
  value: SpaceOption[];
  onChange: (value: SpaceOption[]) => void;
  /** any number of spaces; otherwise one, which a chip with a remove button shows instead of the box */
  multiple?: boolean;
  placeholder?: string;
  disabledReason?: (space: SpaceOption) => string | undefined;
  hint?: string;
  error?: string | null;
}

/** Where the focus goes once the chips and the box have changed: the box, or a chip's remove button. */
type FocusTarget = 'input' | { chip: number };

/** Chooses one or more spaces with a SpaceSearch; keyboard users keep their place when chips and box replace each other. */
export function SpacePicker({ label, useSearch, value, onChange, multiple = false, placeholder, disabledReason, hint, error }: SpacePickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);
  const chosen = new Set(value.map((s) => s.id));
  const single = !multiple && value.length > 0 ? value[0] : undefined;

  useEffect(() => {
    const next = focusNext.current;
    const root = rootRef.current;
    if (!next || !root) return;
    focusNext.current = null;
    const buttons = root.querySelectorAll<HTMLElement>('.picker__remove');
    const target = next === 'input' ? undefined : buttons[Math.min(next.chip, buttons.length - 1)];
    (target ?? root.querySelector<HTMLElement>('input'))?.focus();
  });

  const remove = (index: number) => {
    focusNext.current = multiple ? { chip: index } : 'input';
    onChange(value.filter((_, i) => i !== index));
  };
  const chip = (space: SpaceOption, index: number) => (
    <span className="chip picker__chip" data-space={space.subdomain}>
      <span className="picker__chip-text">{space.title}</span>
      <button type="button" className="icon-btn icon-btn--small picker__remove" aria-label={t('picker.remove', { name: space.title })} onClick={() => remove(index)}>
        <Icon name="close" size={14} />
      </button>
    </span>
  );

  if (single) {
    return (
      <div ref={rootRef} className="picker picker--chosen" role="group" aria-labelledby={labelId}>
        <span id={labelId} className="field__label">
          {label}
        </span>
        {chip(single, 0)}
        {(error ?? hint) && (
          <p className={error ? 'field__error' : 'field__hint'} role={error ? 'alert' : undefined}>
            {error ?? hint}
          </p>
        )}
      </div>
    );
  }
  return (
    <div ref={rootRef} className="picker-field">
      <SpaceSearch
        label={label}
        placeholder={placeholder}
        useSearch={useSearch}
        disabledReason={(s) => (multiple && chosen.has(s.id) ? t('picker.alreadyAdded') : disabledReason?.(s))}
        onPick={(s) => {
          if (!multiple) focusNext.current = { chip: 0 };
          onChange(multiple ? [...value, s] : [s]);
        }}
        hint={hint}
        error={error}
      />
      {multiple && value.length > 0 && (
        <ul className="picker__chips" aria-label={t('picker.chosen', { label })}>
          {value.map((s, i) => (
            <li key={s.id}>{chip(s, i)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
