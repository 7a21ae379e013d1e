import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { TextAreaField, TextField } from '@/components/TextField';
import type { Doc, DocSection } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@/lib/language';
import { showSnackbar } from '@/lib/snackbar';
import { useDocForEditing } from '../api/getDocForEditing';
import { useSaveDoc } from '../api/saveDoc';

/** The documents of the footer, by token (the first segment of /doc/{token}/{language}). */
export const DOC_TOKENS = ['legal', 'privacy', 'disclaimer', 'help', 'newsletter', 'regulatory'] as const;

/** The super admin edits the public documents per language. */
export function DocsSection() {
  const { t } = useTranslation();
  const [token, setToken] = useState<string>(DOC_TOKENS[0]);
  const [lang, setLang] = useState<Language>('de');
  const doc = useDocForEditing(token, lang);
  const tokenId = useId();
  const langId = useId();

  return (
    <section className="card" aria-labelledby="docs-heading">
      <div className="card__toolbar">
        <h2 id="docs-heading" className="card__title">
          {t('adminDocs.title')}
        </h2>
        <a className="btn btn--ghost" href={`/doc/${token}/${lang}`} target="_blank" rel="noreferrer">
          <Icon name="fileText" size={18} />
          {t('adminDocs.view')}
        </a>
      </div>
      <p className="card__text">{t('adminDocs.text')}</p>
      <div className="form-grid">
        <div className="field">
          <label className="field__label" htmlFor={tokenId}>
            {t('adminDocs.document')}
          </label>
          <select id={tokenId} className="select" value={token} onChange={(e) => setToken(e.target.value)}>
            {DOC_TOKENS.map((d) => (
              <option key={d} value={d}>
                {t(`footer.doc.${d}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={langId}>
            {t('adminDocs.language')}
          </label>
          <select id={langId} className="select" value={lang} onChange={(e) => setLang(e.target.value as Language)}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {doc.isPending ? (
        <Loader />
      ) : doc.isError ? (
        <p className="form-error" role="alert">
          {apiErrorText(doc.error, t)}
        </p>
      ) : (
        <DocForm key={`${token}-${lang}-${doc.dataUpdatedAt}`} token={token} lang={lang} doc={doc.data} />
      )}
    </section>
  );
}

function DocForm({ token, lang, doc }: { token: string; lang: Language; doc: Doc }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(doc.title);
  const [sections, setSections] = useState<DocSection[]>(doc.details);
  const [titleError, setTitleError] = useState<string | null>(null);
  const save = useSaveDoc();

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) {
      setTitleError(t('validation.required'));
      return;
    }
    setTitleError(null);
    save.mutate({ token, lang, title: title.trim(), details: sections }, { onSuccess: () => showSnackbar(t('adminDocs.saved')) });
  };
  const setSection = (i: number, change: Partial<DocSection>) => setSections((list) => list.map((s, j) => (j === i ? { ...s, ...change } : s)));

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      {doc.language !== lang && <p className="muted">{t('adminDocs.fallback', { language: LANGUAGE_NAMES[lang] })}</p>}
      <TextField label={t('adminDocs.docTitle')} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} error={titleError} />
      {sections.map((s, i) => (
        <fieldset key={i} className="fieldset">
          <legend>{t('adminDocs.section', { n: i + 1 })}</legend>
          <TextField label={t('adminDocs.sectionTitle')} value={s.title} maxLength={200} onChange={(e) => setSection(i, { title: e.target.value })} />
          <TextAreaField label={t('adminDocs.sectionContent')} hint={t('adminDocs.contentHint')} rows={5} value={s.content} onChange={(e) => setSection(i, { content: e.target.value })} />
          <button type="button" className="btn btn--ghost" onClick={() => setSections((list) => list.filter((_, j) => j !== i))}>
            <Icon name="trash" size={16} />
            {t('adminDocs.removeSection')}
          </button>
        </fieldset>
      ))}
      {save.error && (
        <p className="form-error" role="alert">
          {apiErrorText(save.error, t)}
        </p>
      )}
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={() => setSections((list) => [...list, { title: '', content: '' }])}>
          <Icon name="plus" size={16} />
          {t('adminDocs.addSection')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
