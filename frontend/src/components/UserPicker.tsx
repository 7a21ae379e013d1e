import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchUserBySpace } from '../lib/endpoints/searchUserBySpace';
import { displayName, type Member } from '../lib/types';
import { useDebouncedValue } from '../lib/useDebouncedValue';
import { Combobox, type ComboboxStatus } from './Combobox';

export const PICKER_DEBOUNCE_MS = 200;

/** A hook finding people by name or e-mail; idle while the query is empty. */
export type UserSearchHook = (query: string) => { data?: Member[]; isFetching: boolean; isError?: boolean };

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
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), PICKER_DEBOUNCE_MS);
  const search = useSearch(query);
  const results = query ? (search.data ?? []) : [];
  const status: ComboboxStatus = !query ? 'idle' : search.isError ? 'error' : search.isFetching && results.length === 0 ? 'loading' : 'ready';

  return (
    <Combobox
      label={label}
      placeholder={t('picker.placeholder')}
      text={text}
      onTextChange={setText}
      groups={[{ key: 'users', options: results }]}
      optionKey={(user) => user.id}
      renderOption={(user) => (
        <>
          <span className="picker__name">{displayName(user)}</span>
          {displayName(user) !== user.username && <span className="picker__mail">{user.username}</span>}
        </>
      )}
      disabledReason={(user) => (excludeIds.has(user.id) ? t('picker.alreadyAdded') : undefined)}
      onPick={(user) => {
        onPick(user);
        setText('');
      }}
      status={status}
      loadingText={t('common.loading')}
      emptyText={t('common.noItems')}
      errorText={t('picker.error')}
      disabled={disabled}
    />
  );
}
