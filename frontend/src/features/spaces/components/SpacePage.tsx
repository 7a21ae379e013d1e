import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Icon } from '../../../components/Icon';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { QueryErrorPage } from '../../../components/QueryErrorPage';
import { TabNav } from '../../../components/TabNav';
import { useSpace } from '../../../lib/endpoints/getSpace';
import { SpaceCollectionsTab } from './SpaceCollectionsTab';
import { SpaceMembersTab } from './SpaceMembersTab';
import { SpaceStatsTab } from './SpaceStatsTab';

export const SPACE_TABS = ['members', 'collections', 'statistics'] as const;
type SpaceTab = (typeof SPACE_TABS)[number];
const isSpaceTab = (tab: string): tab is SpaceTab => (SPACE_TABS as readonly string[]).includes(tab);

/** Edit space (/spaces/{id}/{tab?}): members (default), collections, statistics. */
export function SpacePage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const tab = params.tab ?? 'members';
  const valid = /^\d+$/.test(params.id ?? '') && isSpaceTab(tab);
  const space = useSpace(valid ? String(id) : '');

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
        tabs={SPACE_TABS.map((key) => ({ key, to: `/spaces/${id}/${key}`, label: t(`spaces.tabs.${key}`) }))}
      />
      {tab === 'members' && <SpaceMembersTab spaceId={id} />}
      {tab === 'collections' && <SpaceCollectionsTab spaceId={id} />}
      {tab === 'statistics' && <SpaceStatsTab spaceId={id} />}
    </div>
  );
}
