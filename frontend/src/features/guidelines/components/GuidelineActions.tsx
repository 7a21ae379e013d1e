import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import type { Language as GuidelineLanguage } from '@/lib/api-types.gen';
import { languageActions, NO_ACTIONS } from '../actions';
import { useSubmitData } from '../api/getSubmitData';
import { HotfixDialog, RenewDialog, SubmitDialog } from './ValidationDialogs';

type OpenDialog = 'submit' | 'hotfix' | 'renew' | null;

/** Edit, Submit to validation, Hotfix and Renew for the language in view, as SubmitData allows (authors only); none for an archived language. */
export function GuidelineActions({ guidelineId, language }: { guidelineId: number; language: GuidelineLanguage }) {
  const { t } = useTranslation();
  const archived = language.states.includes('archived');
  const data = useSubmitData(guidelineId, language.latestVersion, !archived);
  const [open, setOpen] = useState<OpenDialog>(null);
  const actions = data.data ? languageActions(data.data, archived) : NO_ACTIONS;
  const close = (o: boolean) => {
    if (!o) setOpen(null);
  };
  // an archived language changes no more: its state chip says so, restoring is on the settings tab
  if (archived) return null;

  return (
    <div className="gl-actions" role="group" aria-label={t('guidelines.actions.label')}>
      <Link to={`/guidelines/guideline/${guidelineId}/${language.language}/edit`} className="btn btn--ghost">
        <Icon name="edit" size={18} />
        {t('common.edit')}
      </Link>
      {actions.submit && (
        <button type="button" className="btn btn--primary" onClick={() => setOpen('submit')}>
          <Icon name="send" size={18} />
          {actions.submit === 'update' ? t('guidelines.actions.update') : t('guidelines.actions.submit')}
        </button>
      )}
      {actions.hotfix && (
        <button type="button" className="btn btn--ghost" onClick={() => setOpen('hotfix')}>
          <Icon name="zap" size={18} />
          {t('guidelines.actions.hotfix')}
        </button>
      )}
      {actions.renew && (
        <button type="button" className="btn btn--ghost" onClick={() => setOpen('renew')}>
          <Icon name="refresh" size={18} />
          {t('guidelines.actions.renew')}
        </button>
      )}
      {data.data && (
        <>
          <SubmitDialog
            open={open === 'submit'}
            onOpenChange={close}
            guidelineId={guidelineId}
            version={data.data.latestVersion}
            mode={data.data.isAlreadySubmitted ? 'update' : 'submit'}
            openRevision={data.data.openRevision}
          />
          <HotfixDialog
            open={open === 'hotfix'}
            onOpenChange={close}
            guidelineId={guidelineId}
            version={data.data.latestVersion}
            blockedBy={actions.hotfixBlockedBy}
            onSubmitInstead={() => setOpen('submit')}
          />
          {data.data.publishedVersion && <RenewDialog open={open === 'renew'} onOpenChange={close} guidelineId={guidelineId} version={data.data.publishedVersion} />}
        </>
      )}
    </div>
  );
}
