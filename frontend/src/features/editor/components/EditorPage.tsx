import { useQueryClient } from '@tanstack/react-query';
import type { LexicalEditor } from 'lexical';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { NotFoundPage } from '@/components/NotFoundPage';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { ApiError } from '@/lib/api';
import type { Info as GuidelineInfo, Version as GuidelineVersion } from '@/lib/api-types.gen';
import { guidelineQueryOptions } from '@/lib/endpoints/getGuideline';
import { dateLocale } from '@/lib/dates';
import { isLanguage, LANGUAGE_NAMES } from '@/lib/language';
import { showSnackbar } from '@/lib/snackbar';
import { useAddGuidelineVersion } from '../api/addGuidelineVersion';
import { useGuidelineInfo } from '../api/getGuidelineInfo';
import { useLatestGuideline } from '../api/getLatestGuideline';
import { clearDraft, docFingerprint, loadDraft, saveDraft, type Draft } from '../draft';
import { EditorContext } from '../EditorContext';
import { serializeEditorState } from '../editorConfig';
import { editorErrorText } from '../errors';
import { exportSectionHtml } from '../html';
import { assignIds, buildVersionInput, byteLength, docFromVersion, emptyDoc, emptySection, LIMITS, moveItem, type EditorDoc, type EditorMeta, type EditorSection, type SectionText } from '../sections';
import '../editor.css';
import { EditorIcon } from '@/components/richtext/EditorIcon';
import { MetadataCard, TITLE_FIELD_ID } from './MetadataCard';
import { SectionCard, sectionControlId } from './SectionCard';

/** How long after the last change the draft is written to this browser. */
const DRAFT_DELAY = 800;

/** Management page of a language (versions, submit, hotfix, renew). */
export const managementPath = (id: number, language: string) => `/guidelines/guideline/${id}/${language}`;

/**
 * Guideline editor (/guidelines/guideline/{id}/{lang}/edit, optional ?from={lang}): loads the
 * latest version of the language – or, when it has none, starts empty or from the latest
 * version of `from` as a translation – and saves new versions.
 */
export function EditorPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = Number(params.id);
  const lang = params.lang ?? '';
  const valid = Number.isInteger(id) && id > 0 && isLanguage(lang);
  const from = search.get('from');
  const infoLanguage = valid ? lang : 'de';
  const info = useGuidelineInfo(id, infoLanguage);
  const latest = useLatestGuideline(id, valid ? lang : null, infoLanguage);
  const source = useLatestGuideline(id, valid && latest.data === null && isLanguage(from) && from !== lang ? from : null, infoLanguage);

  if (!valid) return <NotFoundPage />;
  if (info.isError) return <QueryErrorPage error={info.error} />;
  if (latest.isError) return <QueryErrorPage error={latest.error} />;
  if (info.isPending || latest.isPending || (source.fetchStatus === 'fetching' && source.isPending)) return <Loader />;
  const sourceVersion = latest.data === null && source.data ? source.data : null;
  return (
    <EditorForm
      key={`${id}-${lang}`}
      guidelineId={id}
      language={lang}
      info={info.data}
      latest={latest.data}
      source={sourceVersion}
      sourceMissing={latest.data === null && isLanguage(from) && from !== lang && !source.data}
    />
  );
}

interface EditorFormProps {
  guidelineId: number;
  language: string;
  info: GuidelineInfo;
  latest: GuidelineVersion | null;
  /** a version of another language to start a translation from */
  source: GuidelineVersion | null;
  sourceMissing: boolean;
}

function initialDoc(latest: GuidelineVersion | null, source: GuidelineVersion | null): EditorDoc {
  if (latest) {
    const doc = docFromVersion(latest, true);
    return doc.sections.length > 0 ? doc : { ...doc, sections: [emptySection()] };
  }
  if (source) {
    const doc = docFromVersion(source, false);
    return doc.sections.length > 0 ? doc : { ...doc, sections: [emptySection()] };
  }
  return emptyDoc();
}

function EditorForm({ guidelineId, language, info, latest, source, sourceMissing }: EditorFormProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const save = useAddGuidelineVersion();
  const [initial] = useState(() => initialDoc(latest, source));
  const [meta, setMeta] = useState<EditorMeta>(() => ({ title: initial.title, description: initial.description, tags: initial.tags, searchTags: initial.searchTags }));
  const [sections, setSections] = useState<EditorSection[]>(initial.sections);
  const [generation, setGeneration] = useState(0);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [baseVersion, setBaseVersion] = useState<number | null>(latest?.version ?? null);
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const [archivedOnSave, setArchivedOnSave] = useState(false);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [sectionErrors, setSectionErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [draftState, setDraftState] = useState<{ at: Date | null; failed: boolean }>({ at: null, failed: false });
  const [offer, setOffer] = useState<Draft | null>(() => {
    const draft = loadDraft(localStorage, guidelineId, language);
    if (!draft) return null;
    if (docFingerprint(draft.doc) === docFingerprint(initial)) {
      clearDraft(localStorage, guidelineId, language);
      return null;
    }
    return draft;
  });

  const editors = useRef(new Map<string, LexicalEditor>());
  const changeSeq = useRef(0);
  const draftTimer = useRef<number | undefined>(undefined);
  const focusAfterMove = useRef<string | null>(null);
  const state = useRef({ meta, sections, baseVersion });
  state.current = { meta, sections, baseVersion };

  const languageState = info.languages.find((l) => l.language === language);
  const archived = archivedOnSave || (languageState?.states.includes('archived') ?? false);
  const readOnly = !info.abilities.edit || archived;

  /** The document as it is now, with each section's current editor state. */
  const currentDoc = useCallback((): EditorDoc => {
    const { meta: m, sections: s } = state.current;
    return {
      ...m,
      sections: s.map((sec) => {
        const editor = editors.current.get(sec.key);
        return editor ? { ...sec, rawContent: serializeEditorState(editor), content: '' } : sec;
      }),
    };
  }, []);

  const writeDraft = useCallback(() => {
    window.clearTimeout(draftTimer.current);
    draftTimer.current = undefined;
    const ok = saveDraft(localStorage, guidelineId, language, { v: 1, savedAt: new Date().toISOString(), baseVersion: state.current.baseVersion, doc: currentDoc() });
    setDraftState({ at: ok ? new Date() : null, failed: !ok });
  }, [currentDoc, guidelineId, language]);

  const markChanged = useCallback(() => {
    changeSeq.current++;
    setDirty(true);
    window.clearTimeout(draftTimer.current);
    draftTimer.current = window.setTimeout(writeDraft, DRAFT_DELAY);
  }, [writeDraft]);

  useEffect(() => () => window.clearTimeout(draftTimer.current), []);

  // Leaving with unsaved changes: the draft is written at once and the user asked (spec §4).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !readOnly && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state === 'blocked') writeDraft();
  }, [blocker.state, writeDraft]);
  useEffect(() => {
    if (!dirty || readOnly) return;
    const handleBeforeUnload = (e: BeforeUnloadEvent) => {
      writeDraft();
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty, readOnly, writeDraft]);

  useEffect(() => {
    const key = focusAfterMove.current;
    if (!key) return;
    focusAfterMove.current = null;
    const el = document.getElementById(key);
    if (el && !el.hasAttribute('disabled')) el.focus();
  }, [sections]);

  const handleSave = async () => {
    if (readOnly || save.isPending) return;
    setFormError(null);
    setSectionErrors({});
    if (!meta.title.trim()) {
      setTitleError(t('validation.required'));
      document.getElementById(TITLE_FIELD_ID)?.focus();
      return;
    }
    setTitleError(null);
    const texts = new Map<string, SectionText>();
    const tooLong: Record<string, string> = {};
    for (const s of sections) {
      const editor = editors.current.get(s.key);
      if (!editor || s.extern) continue;
      const editorState = editor.getEditorState();
      const text = { content: exportSectionHtml(editorState), rawContent: JSON.stringify(editorState.toJSON()) };
      if (byteLength(text.content) > LIMITS.content || byteLength(text.rawContent) > LIMITS.rawContent) tooLong[s.key] = t('editor.errors.sectionTooLarge');
      texts.set(s.key, text);
    }
    if (Object.keys(tooLong).length > 0) {
      setSectionErrors(tooLong);
      setFormError(t('editor.errors.fixSections'));
      return;
    }
    const doc: EditorDoc = { ...meta, sections };
    const sentKeys = sections.map((s) => s.key);
    const seq = changeSeq.current;
    try {
      const version = await save.mutateAsync(buildVersionInput(guidelineId, language, doc, texts));
      const saved = await queryClient.fetchQuery(guidelineQueryOptions(guidelineId, version)).catch(() => null);
      if (saved) setSections((current) => assignIds(current, sentKeys, saved.details));
      setBaseVersion(version);
      setSavedVersion(version);
      if (changeSeq.current === seq) {
        setDirty(false);
        window.clearTimeout(draftTimer.current);
        clearDraft(localStorage, guidelineId, language);
        setDraftState({ at: null, failed: false });
      }
      setOffer(null);
      showSnackbar(t('editor.saved', { version }));
    } catch (err) {
      if (err instanceof ApiError && err.message === 'guideline.archived') setArchivedOnSave(true);
      if (err instanceof ApiError && err.params.field === 'glv.title') {
        setTitleError(editorErrorText(err, t));
        document.getElementById(TITLE_FIELD_ID)?.focus();
        return;
      }
      const index = err instanceof ApiError && typeof err.params.index === 'number' ? err.params.index : null;
      const key = index !== null ? sentKeys[index] : undefined;
      if (key) setSectionErrors({ [key]: editorErrorText(err, t) ?? '' });
      setFormError(editorErrorText(err, t));
    }
  };
  const saveRef = useRef(handleSave);
  saveRef.current = handleSave;

  // Ctrl/Cmd+S saves a version (and keeps the browser from saving the page).
  useEffect(() => {
    const handleKeyDown = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);

  const handleMeta = (next: EditorMeta) => {
    setMeta(next);
    if (next.title.trim()) setTitleError(null);
    markChanged();
  };
  const handleTitle = useCallback(
    (key: string, title: string) => {
      setSections((list) => list.map((s) => (s.key === key ? { ...s, title } : s)));
      markChanged();
    },
    [markChanged],
  );
  const handleMove = useCallback(
    (key: string, delta: number) => {
      const list = state.current.sections;
      const index = list.findIndex((s) => s.key === key);
      const next = moveItem(list, index, delta);
      const to = next.findIndex((s) => s.key === key);
      if (to === index) return;
      setSections(next);
      setAnnouncement(t('editor.section.moved', { n: to + 1, count: list.length }));
      // keep focus on the button pressed, or on the other one when that end is reached
      const edge = delta < 0 ? to === 0 : to === list.length - 1;
      focusAfterMove.current = sectionControlId(key, edge ? (delta < 0 ? 'down' : 'up') : delta < 0 ? 'up' : 'down');
      markChanged();
    },
    [markChanged, t],
  );
  const handleEditor = useCallback((key: string, editor: LexicalEditor | null) => {
    if (editor) editors.current.set(key, editor);
    else editors.current.delete(key);
  }, []);
  const handleAdd = () => {
    const section = emptySection();
    setSections((list) => [...list, section]);
    setActiveKey(section.key);
    focusAfterMove.current = sectionControlId(section.key, 'title');
    markChanged();
  };
  const handleDelete = () => {
    const key = deleting;
    setDeleting(null);
    if (!key) return;
    const index = sections.findIndex((s) => s.key === key);
    setSections((list) => list.filter((s) => s.key !== key));
    setAnnouncement(t('editor.section.deleted', { n: index + 1 }));
    markChanged();
  };
  const restoreDraft = () => {
    if (!offer) return;
    setMeta({ title: offer.doc.title, description: offer.doc.description, tags: offer.doc.tags, searchTags: offer.doc.searchTags });
    setSections(offer.doc.sections.length > 0 ? offer.doc.sections : [emptySection()]);
    setGeneration((g) => g + 1);
    setOffer(null);
    markChanged();
  };
  const discardDraft = () => {
    setOffer(null);
    if (!dirty) clearDraft(localStorage, guidelineId, language);
  };

  const languageName = LANGUAGE_NAMES[language as keyof typeof LANGUAGE_NAMES] ?? language;
  const deletingIndex = deleting ? sections.findIndex((s) => s.key === deleting) : -1;
  const context = useMemo(() => ({ guidelineId, language, readOnly }), [guidelineId, language, readOnly]);
  const timeFormat = new Intl.DateTimeFormat(dateLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' });

  let status: string;
  if (save.isPending) status = t('editor.status.saving');
  else if (dirty && draftState.failed) status = t('editor.status.draftFailed');
  else if (dirty && draftState.at) status = t('editor.status.draftStored', { time: timeFormat.format(draftState.at) });
  else if (dirty) status = t('editor.status.unsaved');
  else if (savedVersion !== null) status = t('editor.status.saved', { version: savedVersion });
  else if (baseVersion !== null) status = t('editor.status.upToDate', { version: baseVersion });
  else status = t('editor.status.new');

  return (
    <EditorContext.Provider value={context}>
      <div className="page ed-page">
        <div className="page__header">
          <Link to={managementPath(guidelineId, language)} className="back-link">
            <Icon name="arrowLeft" size={16} />
            {t('editor.backToManagement')}
          </Link>
          <h1 className="page__title">{t('editor.title')}</h1>
          <p className="page__subtitle">
            {t('editor.subtitle', { collection: info.collectionTitle, language: languageName })}
            {' · '}
            {baseVersion !== null ? t('editor.basedOn', { version: baseVersion }) : t('editor.newLanguage')}
          </p>
        </div>

        {readOnly && (
          <div className="ed-notice ed-notice--warning" role="status">
            <Icon name="eyeOff" />
            <div>
              <p className="ed-notice__title">{t('editor.readOnly.title')}</p>
              <p>{archived ? t('editor.readOnly.archived') : t('editor.readOnly.noRights')}</p>
            </div>
          </div>
        )}
        {source && !readOnly && (
          <div className="ed-notice" role="status">
            <Icon name="globe" />
            <p>{t('editor.translationFrom', { language: LANGUAGE_NAMES[source.language as keyof typeof LANGUAGE_NAMES] ?? source.language, version: source.version })}</p>
          </div>
        )}
        {sourceMissing && !readOnly && (
          <div className="ed-notice" role="status">
            <Icon name="info" />
            <p>{t('editor.sourceMissing')}</p>
          </div>
        )}
        {offer && !readOnly && (
          <div className="ed-notice ed-notice--draft" role="region" aria-label={t('editor.draft.label')}>
            <Icon name="clock" />
            <div className="ed-notice__body">
              <p className="ed-notice__title">{t('editor.draft.found', { time: timeFormat.format(new Date(offer.savedAt)) })}</p>
              {offer.baseVersion !== baseVersion && <p>{t('editor.draft.outdated', { version: baseVersion ?? 0 })}</p>}
              <div className="ed-notice__actions">
                <button type="button" className="btn btn--primary btn--small" onClick={restoreDraft}>
                  {t('editor.draft.restore')}
                </button>
                <button type="button" className="btn btn--ghost btn--small" onClick={discardDraft}>
                  {t('editor.draft.discard')}
                </button>
              </div>
            </div>
          </div>
        )}

        <MetadataCard meta={meta} readOnly={readOnly} titleError={titleError} onChange={handleMeta} />

        <section className="ed-sections" aria-labelledby="ed-sections-title">
          <div className="ed-sections__head">
            <h2 id="ed-sections-title" className="card__title">
              {t('editor.section.list')}
            </h2>
            <p className="muted">{t('editor.section.count', { count: sections.length })}</p>
          </div>
          <ol className="ed-section-list">
            {sections.map((s, i) => (
              <SectionCard
                key={s.key}
                section={s}
                index={i}
                count={sections.length}
                generation={generation}
                readOnly={readOnly}
                active={activeKey === s.key}
                error={sectionErrors[s.key] ?? null}
                onActivate={setActiveKey}
                onTitle={handleTitle}
                onMove={handleMove}
                onDelete={setDeleting}
                onChange={markChanged}
                onEditor={handleEditor}
              />
            ))}
          </ol>
          {!readOnly && (
            <div className="ed-sections__add">
              <button type="button" className="btn btn--ghost" disabled={sections.length >= LIMITS.sections} onClick={handleAdd}>
                <EditorIcon name="plus" />
                {t('editor.section.add')}
              </button>
              {sections.length >= LIMITS.sections && <p className="field__hint">{t('editor.section.limit', { max: LIMITS.sections })}</p>}
            </div>
          )}
          <p className="visually-hidden" aria-live="polite">
            {announcement}
          </p>
        </section>

        <div className="ed-savebar" role="region" aria-label={t('editor.saveBar')}>
          <p className={`ed-savebar__status${dirty ? ' is-dirty' : ''}`} role="status" aria-live="polite">
            {status}
          </p>
          {formError && (
            <p className="form-error ed-savebar__error" role="alert">
              {formError}
            </p>
          )}
          <div className="ed-savebar__actions">
            <Link to={managementPath(guidelineId, language)} className="btn btn--ghost">
              {savedVersion !== null ? t('editor.toManagementAfterSave') : t('editor.toManagement')}
            </Link>
            {!readOnly && (
              <button type="button" className="btn btn--primary" disabled={save.isPending} onClick={() => void handleSave()} title={t('editor.saveShortcut')}>
                <EditorIcon name="save" />
                {save.isPending ? t('editor.status.saving') : t('editor.save')}
              </button>
            )}
          </div>
        </div>
      </div>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('editor.section.deleteTitle')}
        description={t('editor.section.deleteText', { n: deletingIndex + 1, title: sections[deletingIndex]?.title || t('editor.section.untitled') })}
        confirmLabel={t('common.delete')}
        onConfirm={handleDelete}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
        title={t('editor.leave.title')}
        description={draftState.failed ? t('editor.leave.textNoDraft') : t('editor.leave.text')}
        confirmLabel={t('editor.leave.confirm')}
        onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
      />
    </EditorContext.Provider>
  );
}
