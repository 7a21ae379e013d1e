import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useClusters } from '../api/getClusters';
import { DEFAULT_CLUSTER, PLACEMENTS, type Placement } from '../types';

export interface Place {
  cluster: string;
  placement: Placement;
}

interface PlacementFieldsProps {
  value: Place;
  onChange: (value: Place) => void;
}

/**
 * Where a space lives: a cluster (those that do not answer cannot be chosen) and a schema of the
 * cluster's shared database or a database of its own.
 */
export function PlacementFields({ value, onChange }: PlacementFieldsProps) {
  const { t } = useTranslation();
  const clusters = useClusters();
  const clusterId = useId();
  const hintId = useId();
  // until the clusters are known, the chosen one stays choosable
  const listed = clusters.data?.clusters ?? [{ name: value.cluster || DEFAULT_CLUSTER, spaces: 0, reachable: true }];

  return (
    <div className="placement-fields">
      <div className="field">
        <label className="field__label" htmlFor={clusterId}>
          {t('console.placement.cluster')}
        </label>
        <select
          id={clusterId}
          className="select"
          value={value.cluster}
          aria-describedby={clusters.isError ? hintId : undefined}
          onChange={(e) => onChange({ ...value, cluster: e.target.value })}
        >
          {listed.map((c) => (
            <option key={c.name} value={c.name} disabled={!c.reachable}>
              {c.reachable ? t('console.placement.clusterOption', { name: c.name, spaces: c.spaces }) : t('console.placement.clusterUnreachable', { name: c.name })}
            </option>
          ))}
        </select>
        {clusters.isError && (
          <p id={hintId} className="field__error" role="alert">
            {t('console.placement.clustersFailed')}
          </p>
        )}
      </div>
      <fieldset className="field placement-fields__kind">
        <legend className="field__label">{t('console.placement.kind')}</legend>
        {PLACEMENTS.map((p) => (
          <label key={p} className="radio-option">
            <input type="radio" name="placement" value={p} checked={value.placement === p} onChange={() => onChange({ ...value, placement: p })} />
            <span className="radio-option__text">
              <span className="radio-option__label">{t(`console.placement.${p}`)}</span>
              <span className="field__hint">{t(`console.placement.${p}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
