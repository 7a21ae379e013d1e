import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { NotFoundPage } from '@/components/NotFoundPage';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { LanguageBadge, StateChips } from '@/components/StateChips';
import { TabNav } from '@/components/TabNav';
import type { Info as GuidelineInfo } from '@/lib/api-types.gen';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@/lib/language';
import { displayName } from '@/lib/types';
import { useGuidelineInfo } from '../api/getGuidelineInfo';
import { AuditTab } from './AuditTab';
import { CoAuthorsTab } from './CoAuthorsTab';
import { CommentsTab } from './CommentsTab';
import { DocumentsTab } from './DocumentsTab';
import { GuidelineActions } from './GuidelineActions';
import { MetadataTab } from './MetadataTab';
import { NotesTab } from './NotesTab';
import { OpenRequestApprovals } from './OpenRequestApprovals';
import { SettingsTab } from './SettingsTab';
import { TimelineTab } from './TimelineTab';
import { TranslationsTab } from './TranslationsTab';
import { VersionsTab } from './VersionsTab';

export const GUIDELINE_TABS = ['versions', 'timeline', 'comments', 'settings', 'coauthors', 'metadata', 'documents', 'notes', 'translations', 'audit'] as const;
/** The common work (versions with the text and its validation, the timeline, comments) comes first; the rest is under "more". */
const PRIMARY_TABS: readonly GuidelineTab[] = ['versions', 'timeline', 'comments'];
type GuidelineTab = (typeof GUIDELINE_TABS)[number];
const isGuidelineTab = (tab: string): tab is GuidelineTab => (GUIDELINE_TABS as readonly string[]).includes(tab);

export const guidelinePath = (id: number, lang: string, tab?: string) => `/guidelines/guideline/${id}/${lang}${tab && tab !== 'versions' ? `/${tab}` : ''}`;

/** /guidelines/guideline/{id} opens the German language (spec §2). */
export function GuidelineRedirect() {
  const { id } = useParams();
  if (!/^\d+$/.test(id ?? '')) return <NotFoundPage />;
  return <Navigate to={guidelinePath(Number(id), 'de')} replace />;
}

/** Tabs the caller may use: settings only with a right to change something there. */
export function visibleTabs(info: Pick<GuidelineInfo, 'abilities'>): GuidelineTab[] {
  return GUIDELINE_TABS.filter((tab) => tab !== 'settings' || info.abilities.settings || info.abilities.edit);
}

function LanguageSwitcher({ info, current }: { info: GuidelineInfo; current: string }) {
  const { t } = useTranslation();
  const present = info.languages.map((l) => l.language);
  const missing = LANGUAGES.filter((l) => !present.includes(l));
  return (
    <nav className="lang-switch" aria-label={t('guidelines.languages')}>
      {info.languages.map((l) => (
        <Link
          key={l.language}
          to={guidelinePath(info.id, l.language)}
          className="lang-switch__item"
          aria-current={l.language === current ? 'page' : undefined}
          title={isLanguage(l.language) ? LANGUAGE_NAMES[l.language] : l.language}
        >
          {l.language.toUpperCase()}
        </Link>
      ))}
      {info.abilities.edit && missing.length > 0 && (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="lang-switch__add">
            <Icon name="plus" size={16} />
            {t('guidelines.addLanguage')}
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="menu" align="start" sideOffset={6}>
              {missing.map((l) => (
                <DropdownMenu.Item key={l} asChild className="menu__item">
                  <Link to={`/guidelines/guideline/${info.id}/${l}/edit`}>
                    <LanguageBadge language={l} />
                    <span className="menu__text">{LANGUAGE_NAMES[l]}</span>
                  </Link>
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
    </nav>
  );
}

/** Guideline management (/guidelines/guideline/{id}/{lang}/{tab?}): versions (default), timeline, comments, settings, co-authors, metadata, documents, notes, audit. */
export function GuidelinePage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const lang = params.lang ?? '';
  const tab = params.tab ?? 'versions';
  const valid = /^\d+$/.test(params.id ?? '') && isLanguage(lang) && isGuidelineTab(tab);
  const info = useGuidelineInfo(id, lang, valid);

  if (!valid) return <NotFoundPage />;
  if (info.isError) return <QueryErrorPage error={info.error} />;
  if (info.isPending) return <Loader />;
  const g = info.data;
  const tabs = visibleTabs(g);
  if (!tabs.includes(tab)) return <NotFoundPage />;
  const language = g.languages.find((l) => l.language === lang);
  const title = language?.title ?? g.languages[0]?.title ?? t('guidelines.untitled');
  const tabLinks = tabs.map((key) => ({ key, to: guidelinePath(id, lang, key), label: t(`guidelines.tabs.${key}`) }));

  return (
    <div className="page">
      <div className="page__header">
        <Link to="/guidelines" className="back-link">
          <Icon name="arrowLeft" size={16} />
          {t('nav.myGuidelines')}
        </Link>
        <div className="gl-head">
          <div className="gl-head__text">
            <h1 className="page__title gl-head__title">{title}</h1>
            <p className="gl-head__meta">
              <span>{g.collectionTitle}</span>
              <span>{t('guidelines.authorIs', { name: displayName(g.author) })}</span>
              {g.mainValidator && <span>{t('guidelines.mainValidatorIs', { name: displayName(g.mainValidator) })}</span>}
            </p>
          </div>
          {language && g.abilities.edit && <GuidelineActions key={`${lang}-${language.latestVersion}`} guidelineId={id} language={language} />}
        </div>
        <div className="gl-head__row">
          <LanguageSwitcher info={g} current={lang} />
          {language && <StateChips states={language.states} />}
        </div>
        {language && g.abilities.edit && <OpenRequestApprovals key={`${lang}-${language.latestVersion}`} guidelineId={id} language={language} />}
      </div>
      <TabNav
        label={t('guidelines.tabs.label')}
        current={tab}
        tabs={tabLinks.filter((l) => PRIMARY_TABS.includes(l.key))}
        more={{ label: t('guidelines.tabs.more'), tabs: tabLinks.filter((l) => !PRIMARY_TABS.includes(l.key)) }}
      />
      {tab === 'versions' &&
        (language ? (
          <VersionsTab key={lang} guidelineId={id} language={language} />
        ) : (
          <section className="card">
            <div className="empty-state">
              <Icon name="fileText" size={28} />
              <p className="empty-state__title">{t('guidelines.noVersion', { language: LANGUAGE_NAMES[lang] })}</p>
              {g.abilities.edit && (
                <Link to={`/guidelines/guideline/${id}/${lang}/edit`} className="btn btn--primary">
                  <Icon name="edit" size={18} />
                  {t('guidelines.writeFirstVersion')}
                </Link>
              )}
            </div>
          </section>
        ))}
      {tab === 'timeline' && <TimelineTab guidelineId={id} language={lang} />}
      {tab === 'comments' && <CommentsTab key={lang} guidelineId={id} language={lang} />}
      {tab === 'settings' && <SettingsTab info={g} />}
      {tab === 'coauthors' && <CoAuthorsTab info={g} />}
      {tab === 'metadata' && <MetadataTab info={g} />}
      {tab === 'documents' && <DocumentsTab info={g} />}
      {tab === 'notes' && <NotesTab guidelineId={id} />}
      {tab === 'translations' && <TranslationsTab guidelineId={id} mayConfirm={g.abilities.edit} />}
      {tab === 'audit' && <AuditTab key={lang} info={g} language={lang} />}
    </div>
  );
}
