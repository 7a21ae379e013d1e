import { useTranslation } from 'react-i18next';
import { stateChips } from '../lib/guidelineStates';
import { isLanguage, LANGUAGE_NAMES } from '../lib/language';

/** The states of a guideline language as coloured chips with translated labels (spec §4). */
export function StateChips({ states, className }: { states: readonly string[]; className?: string }) {
  const { t } = useTranslation();
  const chips = stateChips(states);
  if (chips.length === 0) return null;
  return (
    <ul className={`state-chips ${className ?? ''}`} aria-label={t('states.label')}>
      {chips.map((c) => (
        <li key={c.state} className={`state-chip state-chip--${c.tone}`} data-state={c.state}>
          {t(c.labelKey, { defaultValue: c.state })}
        </li>
      ))}
    </ul>
  );
}

/** A guideline language as a short badge (DE, FR …) with the language's name for assistive technology and on hover. */
export function LanguageBadge({ language }: { language: string }) {
  const name = isLanguage(language) ? LANGUAGE_NAMES[language] : language;
  return (
    <abbr className="lang-badge" title={name} lang={language}>
      {language.toUpperCase()}
    </abbr>
  );
}
