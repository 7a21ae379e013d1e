import { useTranslation } from 'react-i18next';
import type { MemberStats } from '../lib/types';
import { BarChart } from './BarChart';

/** Members by role, bars relative to the total member count. */
export function MemberStatsChart({ stats }: { stats: MemberStats }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="stat-figure">
        <span className="stat-figure__value">{stats.totalMembers}</span>
        <span className="stat-figure__label">{t('stats.totalMembers')}</span>
      </p>
      <BarChart
        title={t('stats.membersByRole')}
        max={stats.totalMembers}
        items={[
          { label: t('stats.authors'), value: stats.authorsCount },
          { label: t('stats.validators'), value: stats.validatorsCount },
          { label: t('stats.others'), value: stats.othersCount },
        ]}
      />
    </>
  );
}
