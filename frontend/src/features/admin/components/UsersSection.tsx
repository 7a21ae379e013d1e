import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { SearchBox } from '@/components/SearchBox';
import { apiErrorText } from '@/lib/apiErrors';
import { useSearchUsers } from '../api/searchUsers';
import { useDebouncedValue } from '@/lib/useDebouncedValue';
import { displayName, userPath } from '../users';

const SEARCH_DEBOUNCE_MS = 250;

/** User search of Space Administration: every result opens /admin/user/{username}. */
export function UsersSection() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const users = useSearchUsers(debounced);

  let body;
  if (!debounced) body = <p className="muted">{t('adminUsers.searchHint')}</p>;
  else if (users.isError) body = <p className="form-error" role="alert">{apiErrorText(users.error, t)}</p>;
  else if (users.isPending) body = <Loader />;
  else if (users.data.length === 0)
    body = (
      <div className="empty-state">
        <Icon name="search" size={28} />
        <p className="empty-state__title">{t('common.noItems')}</p>
      </div>
    );
  else
    body = (
      <ul className="user-rows" aria-busy={users.isFetching || query.trim() !== debounced}>
        {users.data.map((u) => (
          <li key={u.id}>
            <Link className="user-row" to={userPath(u.username)}>
              <Icon name="user" size={20} />
              <span className="user-row__text">
                <span className="user-row__name">{displayName(u)}</span>
                <span className="user-row__mail">{u.username}</span>
              </span>
              <Icon name="chevronRight" size={18} />
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="card" aria-labelledby="users-heading">
      <div className="card__toolbar">
        <h2 id="users-heading" className="card__title">
          {t('adminUsers.title')}
        </h2>
        <SearchBox value={query} onChange={setQuery} placeholder={t('adminUsers.searchPlaceholder')} />
      </div>
      {body}
    </section>
  );
}
