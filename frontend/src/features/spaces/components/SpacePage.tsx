import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AuditLog } from '@/components/AuditLog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { NotFoundPage } from '@/components/NotFoundPage';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { TabNav } from '@/components/TabNav';
import { useSpace } from '@/lib/endpoints/getSpace';
import { useMembershipRequests } from '../api/getMembershipRequests';
import { SpaceAnnouncementsTab } from './SpaceAnnouncementsTab';
import { SpaceCollectionsTab } from './SpaceCollectionsTab';
import { SpaceMembersTab } from './SpaceMembersTab';
import { SpaceMetadataTab } from './SpaceMetadataTab';
import { SpaceRequestsTab } from './SpaceRequestsTab';
import { SpaceSettingsTab } from './SpaceSettingsTab';
import { SpaceSharingTab } from './SpaceSharingTab';
import { SpaceStatsTab } from './SpaceStatsTab';

export const SPACE_TABS = ['settings', 'members', 'requests', 'collections', 'sharing', 'metadata', 'announcements', 'statistics', 'auditlog'] as const;
type SpaceTab = (typeof SPACE_TABS)[number];
const isSpaceTab = (tab: string): tab is SpaceTab => (SPACE_TABS as readonly string[]).includes(tab);

/** Edit space (/spaces/{id}/{tab?}): settings, members (default), requests, collections, sharing, metadata, announcements, statistics, audit log. */
export function SpacePage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const tab = params.tab ?? 'members';
  const valid = /^\d+$/.test(params.id ?? '') && isSpaceTab(tab);
  const space = useSpace(valid ? String(id) : '');
  // The same query feeds the requests tab, so the badge costs no extra call there.
  const requests = useMembershipRequests(id, valid);
  const pending = requests.data?.length ?? 0;

  if (!valid) return <NotFoundPage />;
  if (space.isError) return <QueryErrorPage error={space.error} />;

  return (
    <div className="page">
      <div className="page__header">
        <Link to="/spaces" className="back-link">
          <Icon name="arrowLeft" size={16} />
          {t('nav.mySpaces')}
        </Link>
        <h1 className="page__title">{space.data?.title ?? '…'}</h1>
      </div>
      <TabNav
        label={t('spaces.tabs.label')}
        current={tab}
        tabs={SPACE_TABS.map((key) => ({
          key,
          to: `/spaces/${id}/${key}`,
          label: t(`spaces.tabs.${key}`),
          ...(key === 'requests' ? { badge: pending, badgeLabel: t('spaces.requests.pendingCount', { n: pending }) } : {}),
        }))}
      />
      {tab === 'settings' && (space.data ? <SpaceSettingsTab key={space.data.id} space={space.data} /> : <Loader />)}
      {tab === 'members' && <SpaceMembersTab spaceId={id} />}
      {tab === 'requests' && <SpaceRequestsTab spaceId={id} />}
      {tab === 'collections' && <SpaceCollectionsTab spaceId={id} />}
      {tab === 'sharing' && <SpaceSharingTab spaceId={id} />}
      {tab === 'metadata' && <SpaceMetadataTab spaceId={id} />}
      {tab === 'announcements' && <SpaceAnnouncementsTab spaceId={id} />}
      {tab === 'statistics' && <SpaceStatsTab spaceId={id} />}
      {tab === 'auditlog' && <AuditLog spaceId={id} />}
    </div>
  );
}
