import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { NotFoundPage } from '@/components/NotFoundPage';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { TabNav } from '@/components/TabNav';
import { VisibilityChip } from '@/components/VisibilityField';
import { useCollection } from '../api/getCollection';
import { CollectionGuidelinesTab } from './CollectionGuidelinesTab';
import { CollectionMembersTab } from './CollectionMembersTab';
import { CollectionSettingsTab } from './CollectionSettingsTab';
import { CollectionSharingTab } from './CollectionSharingTab';
import { CollectionStatsTab } from './CollectionStatsTab';
import { CollectionTocTab } from './CollectionTocTab';
import { CollectionValidatorsTab } from './CollectionValidatorsTab';
import { CollectionHistoryReaders } from './CollectionHistoryReaders';

export const COLLECTION_TABS = ['settings', 'members', 'validators', 'guidelines', 'toc', 'sharing', 'statistics'] as const;
type CollectionTab = (typeof COLLECTION_TABS)[number];
const isCollectionTab = (tab: string): tab is CollectionTab => (COLLECTION_TABS as readonly string[]).includes(tab);

/**
 * Edit collection (/collections/{id}/{tab?}): settings (default), members, validators, guidelines, table of contents, sharing, statistics.
 * settingsExtra adds what other features set per collection below the settings (the app composes it).
 */
export function CollectionPage({ settingsExtra }: { settingsExtra?: (collectionId: number) => ReactNode }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const tab = params.tab ?? 'settings';
  const valid = /^\d+$/.test(params.id ?? '') && isCollectionTab(tab);
  const collection = useCollection(id, valid);

  if (!valid) return <NotFoundPage />;
  if (collection.isError) return <QueryErrorPage error={collection.error} />;
  if (collection.isPending) return <Loader />;
  const c = collection.data;

  return (
    <div className="page">
      <div className="page__header">
        <Link to="/collections" className="back-link">
          <Icon name="arrowLeft" size={16} />
          {t('nav.myCollections')}
        </Link>
        <div className="page__title-row">
          <h1 className="page__title">{c.title}</h1>
          <VisibilityChip visibility={c.visibility} />
        </div>
      </div>
      <TabNav
        label={t('collections.tabs.label')}
        current={tab}
        tabs={COLLECTION_TABS.map((key) => ({ key, to: `/collections/${id}/${key}`, label: t(`collections.tabs.${key}`) }))}
      />
      {tab === 'settings' && <CollectionSettingsTab key={c.id} collection={c} />}
      {tab === 'settings' && settingsExtra?.(c.id)}
      {tab === 'members' && <CollectionMembersTab collectionId={id} />}
      {tab === 'validators' && (
        <>
          <CollectionValidatorsTab collectionId={id} />
          <CollectionHistoryReaders collectionId={id} />
        </>
      )}
      {tab === 'guidelines' && <CollectionGuidelinesTab collectionId={id} />}
      {tab === 'toc' && <CollectionTocTab collectionId={id} />}
      {tab === 'sharing' && <CollectionSharingTab collection={c} />}
      {tab === 'statistics' && <CollectionStatsTab collectionId={id} />}
    </div>
  );
}
