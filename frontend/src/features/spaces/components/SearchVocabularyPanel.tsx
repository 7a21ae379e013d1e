import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/TextField';
import { apiErrorText } from '@/lib/apiErrors';
import { formatDate } from '@/lib/dates';
import { showSnackbar } from '@/lib/snackbar';
import { useSearchGaps, useSearchSynonyms, useSetSearchSynonyms } from '../api/searchVocabulary';

/** The languages a space keeps synonyms in, German first. */
const VOCABULARY_LANGUAGES = ['de', 'en', 'fr', 'it'] as const;

/** A group as typed: its terms separated by commas. */
const termsOf = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/**
 * The space's search vocabulary: per language, groups of equivalent terms (an abbreviation and
 * its meaning, a brand and the generic name) applied to every search of the space, and the
 * searches of the last 30 days that found nothing, most frequent first.
 */
export function SearchVocabularyPanel({ spaceId }: { spaceId: number }) {
  const { t } = useTranslation();
  const synonyms = useSearchSynonyms(spaceId);
  const [language, setLanguage] = useState<string>('de');
  return (
    <section className="card search-vocabulary" aria-labelledby="search-vocabulary-heading">
      <h2 id="search-vocabulary-heading" className="card__title card__title--gap">
        {t('vocabulary.title')}
      </h2>
      <p className="card__text">{t('vocabulary.intro')}</p>
      <div className="field">
        <label className="field__label" htmlFor="search-vocabulary-language">
          {t('vocabulary.language')}
        </label>
        <select id="search-vocabulary-language" className="input" value={language} onChange={(e) => setLanguage(e.target.value)}>
          {VOCABULARY_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`vocabulary.languages.${l}`)}
            </option>
          ))}
        </select>
      </div>
      {synonyms.isError && (
        <p className="form-error" role="alert">
          {apiErrorText(synonyms.error, t)}
        </p>
      )}
      {synonyms.data && (
        <SynonymGroups
          key={`${language}:${JSON.stringify(synonyms.data.synonyms[language] ?? [])}`}
          spaceId={spaceId}
          language={language}
          groups={synonyms.data.synonyms[language] ?? []}
        />
      )}
      <SearchGapList spaceId={spaceId} />
    </section>
  );
}

function SynonymGroups({ spaceId, language, groups }: { spaceId: number; language: string; groups: string[][] }) {
  const { t } = useTranslation();
  const save = useSetSearchSynonyms(spaceId);
  const [texts, setTexts] = useState<string[]>(() => groups.map((g) => g.join(', ')));
  const [invalid, setInvalid] = useState<number | null>(null);

  const handleSave = (e: FormEvent) => {
    e.preventDefault();
    const parsed = texts.map(termsOf).filter((g) => g.length > 0);
    const bad = texts.findIndex((text) => {
      const n = termsOf(text).length;
      return n === 1 || n > 20;
    });
    setInvalid(bad >= 0 ? bad : null);
    if (bad >= 0) return;
    save.mutate(
      { language, synonyms: parsed },
      { onSuccess: () => showSnackbar(t('vocabulary.saved', { language: t(`vocabulary.languages.${language}`) })) },
    );
  };

  return (
    <form className="search-vocabulary__groups" onSubmit={handleSave} noValidate>
      {texts.length === 0 && <p className="muted">{t('vocabulary.noGroups')}</p>}
      <ul className="search-vocabulary__list">
        {texts.map((text, i) => (
          <li key={i} className="search-vocabulary__group">
            <TextField
              label={t('vocabulary.group', { n: i + 1 })}
              name={`synonyms-${i}`}
              value={text}
              placeholder={t('vocabulary.placeholder')}
              hint={t('vocabulary.hint')}
              error={invalid === i ? t('vocabulary.groupSize') : null}
              onChange={(e) => {
                const next = [...texts];
                next[i] = e.target.value;
                setTexts(next);
                setInvalid(null);
              }}
            />
            <button
              type="button"
              className="btn btn--ghost"
              aria-label={t('vocabulary.removeGroup', { n: i + 1 })}
              onClick={() => {
                setTexts(texts.filter((_, j) => j !== i));
                setInvalid(null);
              }}
            >
              {t('vocabulary.remove')}
            </button>
          </li>
        ))}
      </ul>
      {save.isError && (
        <p className="form-error" role="alert">
          {apiErrorText(save.error, t)}
        </p>
      )}
      <div className="search-vocabulary__actions">
        <button type="button" className="btn btn--ghost" onClick={() => setTexts([...texts, ''])}>
          {t('vocabulary.addGroup')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {t('vocabulary.save')}
        </button>
      </div>
    </form>
  );
}

function SearchGapList({ spaceId }: { spaceId: number }) {
  const { t, i18n } = useTranslation();
  const gaps = useSearchGaps(spaceId);
  return (
    <div className="search-vocabulary__gaps">
      <h3 className="search-vocabulary__subtitle">{t('vocabulary.gapsTitle')}</h3>
      <p className="card__text">{t('vocabulary.gapsIntro')}</p>
      {gaps.isError && (
        <p className="form-error" role="alert">
          {apiErrorText(gaps.error, t)}
        </p>
      )}
      {gaps.data && gaps.data.gaps.length === 0 && <p className="muted">{t('vocabulary.noGaps')}</p>}
      {gaps.data && gaps.data.gaps.length > 0 && (
        <div className="search-vocabulary__table">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('vocabulary.query')}</th>
              <th scope="col">{t('vocabulary.count')}</th>
              <th scope="col">{t('vocabulary.lastDay')}</th>
            </tr>
          </thead>
          <tbody>
            {gaps.data.gaps.map((g) => (
              <tr key={g.query}>
                <td>{g.query}</td>
                <td>{g.count}</td>
                <td>{formatDate(`${g.lastDay}T12:00:00Z`, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </div>
  );
}
