import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/BarChart';
import { Loader } from '@/components/Loader';
import { MemberStatsChart } from '@/components/MemberStatsChart';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { useSpaceStats } from '../api/getSpaceStats';

export function SpaceStatsTab({ spaceId }: { spaceId: number }) {
  const { t } = useTranslation();
  const stats = useSpaceStats(spaceId);
  if (stats.isError) return <QueryErrorPage error={stats.error} />;
  if (stats.isPending) return <Loader />;
  const { memberStats, collectionStats, totalGuidelinesCount } = stats.data;
  return (
    <div className="stats-grid">
      <section className="card">
        <MemberStatsChart stats={memberStats} />
      </section>
      <section className="card">
        <p className="stat-figure">
          <span className="stat-figure__value">{totalGuidelinesCount}</span>
          <span className="stat-figure__label">{t('stats.totalGuidelines')}</span>
        </p>
        {collectionStats.length === 0 ? (
          <p className="muted">{t('common.noItems')}</p>
        ) : (
          <BarChart
            title={t('stats.guidelinesPerCollection')}
            items={collectionStats.map((c) => ({ label: c.collectionTitle, value: c.guidelinesCount }))}
          />
        )}
      </section>
    </div>
  );
}
