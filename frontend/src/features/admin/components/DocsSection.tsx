import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { $loadHtml, richTextNodes } from '@/components/richtext/config';
import { $exportHtml } from '@/components/richtext/html';
import { RichTextEditor } from '@/components/richtext/RichTextEditor';
import { Toolbar } from '@/components/richtext/Toolbar';
import { TextField } from '@/components/TextField';
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

/** A section being edited; its key stays while sections before it are removed. */
type EditedSection = DocSection & { key: number };

function DocForm({ token, lang, doc }: { token: string; lang: Language; doc: Doc }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(doc.title);
  const nextKey = useRef(doc.details.length);
  const [sections, setSections] = useState<EditedSection[]>(() => doc.details.map((s, key) => ({ ...s, key })));
  // the section whose text shows the toolbar: the one last focused
  const [active, setActive] = useState(0);
  const [titleError, setTitleError] = useState<string | null>(null);
  const save = useSaveDoc();

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) {
      setTitleError(t('validation.required'));
      return;
    }
    setTitleError(null);
    save.mutate({ token, lang, title: title.trim(), details: sections.map(({ title, content }) => ({ title, content })) }, { onSuccess: () => showSnackbar(t('adminDocs.saved')) });
  };
  const setSection = (i: number, change: Partial<DocSection>) => setSections((list) => list.map((s, j) => (j === i ? { ...s, ...change } : s)));

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      {doc.language !== lang && <p className="muted">{t('adminDocs.fallback', { language: LANGUAGE_NAMES[lang] })}</p>}
      <TextField label={t('adminDocs.docTitle')} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} error={titleError} />
      {sections.map((s, i) => (
        <fieldset key={s.key} className="fieldset">
          <legend>{t('adminDocs.section', { n: i + 1 })}</legend>
          <TextField label={t('adminDocs.sectionTitle')} value={s.title} maxLength={200} onChange={(e) => setSection(i, { title: e.target.value })} />
          <div className="field">
            <span className="field__label" aria-hidden="true">
              {t('adminDocs.sectionContent')}
            </span>
            <RichTextEditor
              namespace="vademecum-doc"
              nodes={richTextNodes}
              load={(editor) => $loadHtml(editor, s.content)}
              label={`${t('adminDocs.sectionContent')} – ${t('adminDocs.section', { n: i + 1 })}`}
              placeholder={t('editor.section.placeholder')}
              readOnly={false}
              toolbar={active === i ? <Toolbar label={t('adminDocs.toolbar', { n: i + 1 })} /> : undefined}
              onFocus={() => setActive(i)}
              onChange={(state) => setSection(i, { content: state.read(() => $exportHtml()) })}
            />
          </div>
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
        <button type="button" className="btn btn--ghost" onClick={() => setSections((list) => [...list, { title: '', content: '', key: nextKey.current++ }])}>
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
