import { useTranslation } from 'react-i18next';
import { Loader } from '@/components/Loader';
import { MemberStatsChart } from '@/components/MemberStatsChart';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { useCollectionStats } from '../api/getCollectionStats';

export function CollectionStatsTab({ collectionId }: { collectionId: number }) {
  const { t } = useTranslation();
  const stats = useCollectionStats(collectionId);
  if (stats.isError) return <QueryErrorPage error={stats.error} />;
  if (stats.isPending) return <Loader />;
  return (
    <div className="stats-grid">
      <section className="card">
        <MemberStatsChart stats={stats.data.memberStats} />
      </section>
      <section className="card stat-figures">
        <p className="stat-figure">
          <span className="stat-figure__value">{stats.data.guidelinesCount}</span>
          <span className="stat-figure__label">{t('stats.guidelines')}</span>
        </p>
        <p className="stat-figure">
          <span className="stat-figure__value">{stats.data.sharedCollectionsCount}</span>
          <span className="stat-figure__label">{t('stats.sharedCollections')}</span>
        </p>
      </section>
    </div>
  );
}
