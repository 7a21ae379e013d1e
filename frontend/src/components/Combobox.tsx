import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Icon } from './Icon';

/** The state of a combobox's list: nothing asked yet, results on their way, a failure, results. */
export type ComboboxStatus = 'idle' | 'loading' | 'error' | 'ready';

/** Options under an optional heading ("My organisations"). */
export interface ComboboxGroup<T> {
  key: string;
  label?: string;
  options: T[];
}

export interface ComboboxProps<T> {
  label: string;
  /** the label is for screen readers only (the search box of a menu) */
  hideLabel?: boolean;
  placeholder?: string;
  /** the text typed; the caller searches with it */
  text: string;
  onTextChange: (text: string) => void;
  groups: ComboboxGroup<T>[];
  optionKey: (option: T) => string | number;
  renderOption: (option: T) => ReactNode;
  /** why an option cannot be chosen (shown beside it); undefined when it can */
  disabledReason?: (option: T) => string | undefined;
  onPick: (option: T) => void;
  status: ComboboxStatus;
  loadingText: string;
  emptyText: string;
  errorText: string;
  /** said below the options, such as how many more the server holds */
  moreText?: string;
  /** the list stays open below the box (inside a popover) instead of opening while in use */
  inline?: boolean;
  onFocus?: () => void;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * True when a key event comes from a combobox whose list is open: a dialog around it lets
 * Escape close that list instead of the dialog (Radix listens before the box does).
 */
export function fromOpenCombobox(event: Event): boolean {
  const target = event.target;
  return target instanceof HTMLElement && target.getAttribute('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true';
}

/**
 * Search-as-you-type combobox (WAI-ARIA combobox with a listbox popup): up and down move
 * through the options that can be chosen, enter chooses, escape closes the list and then
 * empties the box. The caller searches with the text and hands in the options and the status.
 */
export function Combobox<T>({
  label,
  hideLabel,
  placeholder,
  text,
  onTextChange,
  groups,
  optionKey,
  renderOption,
  disabledReason,
  onPick,
  status,
  loadingText,
  emptyText,
  errorText,
  moreText,
  inline = false,
  onFocus,
  hint,
  error,
  disabled,
  autoFocus,
  inputRef,
  className,
}: ComboboxProps<T>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<string | number | null>(null);
  const shown = groups.filter((g) => g.options.length > 0);
  const options = shown.flatMap((g) => g.options);
  const pickable = options.filter((o) => !disabledReason?.(o));
  const expanded = inline || (open && status !== 'idle');
  const activeIndex = pickable.findIndex((o) => optionKey(o) === active);
  const activeOption = activeIndex >= 0 ? pickable[activeIndex] : undefined;
  const listId = `${id}-list`;
  const optionId = (o: T) => `${id}-opt-${optionKey(o)}`;
  const noteId = `${id}-note`;
  const note = error ?? hint;

  // an opened list comes into view (in a dialog it takes its place in the scrolling form)
  const popupRef = useRef<HTMLDivElement>(null);
  const revealed = expanded && !inline && status !== 'loading';
  useEffect(() => {
    if (revealed) popupRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [revealed]);

  useEffect(() => {
    if (active === null) return;
    document.getElementById(`${id}-opt-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, id]);

  const statusText =
    status === 'loading' ? loadingText : status === 'error' ? errorText : status === 'ready' && options.length === 0 ? emptyText : status === 'ready' ? (moreText ?? '') : '';

  const pick = (option: T) => {
    onPick(option);
    setActive(null);
    setOpen(false);
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (pickable.length === 0) return;
      const next = e.key === 'ArrowDown' ? (activeIndex + 1) % pickable.length : activeIndex <= 0 ? pickable.length - 1 : activeIndex - 1;
      setActive(optionKey(pickable[next]));
    } else if (e.key === 'Enter') {
      // never submits the form around the box while the list is open
      if (expanded) e.preventDefault();
      if (expanded && activeOption !== undefined) pick(activeOption);
    } else if (e.key === 'Escape') {
      if (!inline && expanded) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(null);
      } else if (text !== '') {
        e.preventDefault();
        e.stopPropagation();
        onTextChange('');
        setActive(null);
      }
    }
  };

  const renderItem = (option: T) => {
    const reason = disabledReason?.(option);
    const key = optionKey(option);
    const isActive = key === active && !reason;
    return (
      <li
        key={key}
        id={optionId(option)}
        role="option"
        aria-selected={isActive}
        aria-disabled={reason ? true : undefined}
        className={isActive ? 'picker__option picker__option--active' : 'picker__option'}
        onMouseDown={(e) => e.preventDefault()}
        onMouseEnter={() => !reason && setActive(key)}
        onClick={() => !reason && pick(option)}
      >
        {renderOption(option)}
        {reason && <span className="chip chip--muted">{reason}</span>}
      </li>
    );
  };

  return (
    <div className={['picker', inline ? 'picker--inline' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className={hideLabel ? 'visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      <div className="picker__anchor">
        <div className="search-box picker__box">
          <Icon name="search" size={18} />
          <input
            id={id}
            ref={inputRef}
            type="text"
            role="combobox"
            className="search-box__input"
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded && activeOption !== undefined ? optionId(activeOption) : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={note ? noteId : undefined}
            value={text}
            disabled={disabled}
            autoFocus={autoFocus}
            onChange={(e) => {
              onTextChange(e.target.value);
              setActive(null);
              setOpen(true);
            }}
            onFocus={() => {
              setOpen(true);
              onFocus?.();
            }}
            onBlur={() => {
              setOpen(false);
              setActive(null);
            }}
            onClick={() => setOpen(true)}
            onKeyDown={handleKeyDown}
          />
        </div>
        <div ref={popupRef} className="picker__popup" hidden={!expanded}>
          <ul id={listId} role="listbox" aria-label={label} className="picker__list" aria-busy={status === 'loading' || undefined}>
            {shown.map((g) =>
              g.label ? (
                <li key={g.key} role="presentation">
                  <div id={`${id}-group-${g.key}`} className="picker__group" role="presentation">
                    {g.label}
                  </div>
                  <ul role="group" aria-labelledby={`${id}-group-${g.key}`} className="picker__list">
                    {g.options.map(renderItem)}
                  </ul>
                </li>
              ) : (
                g.options.map(renderItem)
              ),
            )}
          </ul>
          <p role="status" className={status === 'error' ? 'picker__status picker__status--error' : 'picker__status'}>
            {statusText}
          </p>
        </div>
      </div>
      {note && (
        <p id={noteId} className={error ? 'field__error' : 'field__hint'} role={error ? 'alert' : undefined}>
          {note}
        </p>
      )}
    </div>
  );
}
