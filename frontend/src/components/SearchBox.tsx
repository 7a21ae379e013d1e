import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

/** Compact list filter with a visually hidden label. */
export function SearchBox({ value, onChange, placeholder }: { value: string; onChange: (value: string) => void; placeholder?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="search-box search-box--compact">
      <Icon name="search" size={18} />
      <label htmlFor={id} className="visually-hidden">
        {placeholder ?? t('common.search')}
      </label>
      <input id={id} type="search" className="search-box__input" placeholder={placeholder ?? t('common.search')} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
