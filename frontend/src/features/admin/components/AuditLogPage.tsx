import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuditLog } from '../../../components/AuditLog';
import { Icon } from '../../../components/Icon';
import type { Member } from '../../../lib/types';
import { useSpaces } from '../api/getSpaces';
import { useSearchUsers } from '../api/searchUsers';

/** People of every space, as the "who" filter of the whole installation finds them. */
function useSearchEveryone(query: string): { data?: Member[]; isFetching: boolean } {
  const users = useSearchUsers(query);
  return { data: users.data?.map((u) => ({ ...u, admin: false, isAuthor: false })), isFetching: users.isFetching };
}

/** The super admin's audit log (/admin/auditlog): every space and the user administration, or one space. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const spaces = useSpaces();
  const [spaceId, setSpaceId] = useState(0);
  const selectId = useId();

  const spaceFilter = (
    <div className="field">
      <label className="field__label" htmlFor={selectId}>
        {t('audit.filters.space')}
      </label>
      <select id={selectId} className="select" value={spaceId} onChange={(e) => setSpaceId(Number(e.target.value))}>
        <option value={0}>{t('audit.filters.allSpaces')}</option>
        {spaces.data?.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="page">
      <div className="page__header">
        <Link to="/admin" className="back-link">
          <Icon name="arrowLeft" size={16} />
          {t('nav.spaceAdministration')}
        </Link>
        <h1 className="page__title">{t('audit.title')}</h1>
        <p className="page__subtitle">{t('audit.adminIntro')}</p>
      </div>
      <AuditLog spaceId={spaceId} showSpace={spaceId === 0} useActorSearch={useSearchEveryone} extraFilter={spaceFilter} />
    </div>
  );
}
