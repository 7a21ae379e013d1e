import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuditLog } from '@/components/AuditLog';
import { Icon } from '@/components/Icon';
import { SpacePicker } from '@/components/SpacePicker';
import type { SpaceOption } from '@/lib/spaceSearch';
import type { Member } from '@/lib/types';
import { useSpaceSearch } from '../api/getSpaces';
import { useSearchUsers } from '../api/searchUsers';

/** People of every space, as the "who" filter of the whole installation finds them. */
function useSearchEveryone(query: string): { data?: Member[]; isFetching: boolean } {
  const users = useSearchUsers(query);
  return { data: users.data?.map((u) => ({ ...u, admin: false, isAuthor: false })), isFetching: users.isFetching };
}

/** The super admin's audit log (/admin/auditlog): every space and the user administration, or one space. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [space, setSpace] = useState<SpaceOption | null>(null);

  const spaceFilter = (
    <SpacePicker
      label={t('audit.filters.space')}
      placeholder={t('audit.filters.allSpaces')}
      useSearch={useSpaceSearch}
      value={space ? [space] : []}
      onChange={(chosen) => setSpace(chosen[0] ?? null)}
    />
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
      <AuditLog spaceId={space?.id ?? 0} showSpace={space === null} useActorSearch={useSearchEveryone} extraFilter={spaceFilter} />
    </div>
  );
}
