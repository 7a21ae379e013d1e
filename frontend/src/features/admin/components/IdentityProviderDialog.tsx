import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromOpenCombobox } from '@/components/Combobox';
import { Icon } from '@/components/Icon';
import { SpacePicker } from '@/components/SpacePicker';
import { SwitchField } from '@/components/SwitchField';
import { TextField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import type { Provider as IdentityProvider } from '@/lib/api-types.gen';
import type { SpaceOption } from '@/lib/spaceSearch';
import { showSnackbar } from '@/lib/snackbar';
import { useSpaceSearch, useSpacesByIds } from '../api/getSpaces';
import { useSaveIdentityProvider } from '../api/saveIdentityProvider';
import {
  draftFrom,
  fieldFromServer,
  MAX_CLIENT_ID,
  MAX_ISSUER,
  MAX_LABEL,
  toInput,
  validateDraft,
  type ProviderDraft,
  type ProviderErrors,
  type ProviderField,
} from '../identityProviders';

interface IdentityProviderDialogProps {
  /** null = add a provider */
  provider: IdentityProvider | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function IdentityProviderDialog({ provider, open, onOpenChange }: IdentityProviderDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog dialog--wide" aria-describedby={undefined} onEscapeKeyDown={(e) => fromOpenCombobox(e) && e.preventDefault()}>
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{provider ? t('identityProviders.editTitle', { label: provider.label }) : t('identityProviders.new')}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </div>
          {open && <ProviderForm key={provider?.id ?? 'new'} provider={provider} onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ProviderForm({ provider, onDone }: { provider: IdentityProvider | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ProviderDraft>(() => draftFrom(provider));
  const [errors, setErrors] = useState<ProviderErrors>({});
  // params of the server's field errors (the domain another provider serves)
  const [errorParams, setErrorParams] = useState<Record<string, unknown>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveIdentityProvider();
  // the provider's spaces by name, wherever they are in the space list; picked ones are known
  const saved = useSpacesByIds(provider?.spaces ?? []);
  const [picked, setPicked] = useState<ReadonlyMap<number, SpaceOption>>(new Map());
  const chosenSpaces = draft.spaces.map((id) => picked.get(id) ?? saved.byId.get(id) ?? { id, title: `#${id}`, subdomain: '' });

  const set = <K extends keyof ProviderDraft>(key: K, value: ProviderDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors(({ [key as ProviderField]: _removed, ...rest }) => rest);
  };
  const err = (key: ProviderField) => (errors[key] ? t(errors[key], { ...errorParams, defaultValue: t('error.somethingWrong') }) : null);
  const chooseSpaces = (spaces: SpaceOption[]) => {
    setPicked((known) => new Map([...known, ...spaces.map((s) => [s.id, s] as const)]));
    set('spaces', spaces.map((s) => s.id));
  };
  const issuerLocked = provider !== null && provider.logins > 0;

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { provider: toInput(draft, provider?.id) },
      {
        onSuccess: (saved) => {
          showSnackbar(t('admin.saved', { title: saved.label }));
          onDone();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? fieldFromServer(error.params.field) : null;
          if (field && error instanceof ApiError) {
            setErrorParams(error.params);
            setErrors((prev) => ({ ...prev, [field]: error.message }));
          } else setFormError(apiErrorText(error, t));
        },
      },
    );
  };

  const secretHint = provider?.clientSecretSet ? t('identityProviders.secretSetHint') : t('identityProviders.secretHint');

  return (
    <div className="dialog__body">
      <form id="identity-provider-form" className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label={t('identityProviders.label')}
          name="label"
          value={draft.label}
          error={err('label')}
          hint={t('identityProviders.labelHint', { label: draft.label.trim() || 'KSSG' })}
          maxLength={MAX_LABEL}
          onChange={(e) => set('label', e.target.value)}
        />
        <TextField
          label={t('identityProviders.issuer')}
          name="issuer"
          type="url"
          value={draft.issuer}
          error={err('issuer')}
          hint={issuerLocked ? t('identityProviders.issuerLocked', { n: provider.logins }) : t('identityProviders.issuerHint')}
          maxLength={MAX_ISSUER}
          readOnly={issuerLocked}
          className={issuerLocked ? 'field--readonly' : undefined}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(e) => set('issuer', e.target.value)}
        />
        <div className="form-grid">
          <TextField
            label={t('identityProviders.clientId')}
            name="clientId"
            value={draft.clientId}
            error={err('clientId')}
            maxLength={MAX_CLIENT_ID}
            spellCheck={false}
            autoCapitalize="none"
            onChange={(e) => set('clientId', e.target.value)}
          />
          <TextField
            label={t('identityProviders.clientSecret')}
            name="clientSecret"
            type="password"
            autoComplete="new-password"
            value={draft.clientSecret}
            placeholder={provider?.clientSecretSet && !draft.clearClientSecret ? t('identityProviders.secretSet') : ''}
            disabled={draft.clearClientSecret}
            error={err('clientSecret')}
            hint={secretHint}
            spellCheck={false}
            onChange={(e) => set('clientSecret', e.target.value)}
          />
        </div>
        {provider?.clientSecretSet && (
          <label className="checkbox-row">
            <input type="checkbox" className="checkbox" checked={draft.clearClientSecret} onChange={(e) => set('clearClientSecret', e.target.checked)} />
            {t('identityProviders.clearSecret')}
          </label>
        )}
        <TextField
          label={t('admin.fields.emailDomains')}
          name="emailDomains"
          value={draft.emailDomains}
          error={err('emailDomains')}
          hint={t('identityProviders.domainsHint')}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(e) => set('emailDomains', e.target.value)}
        />
        <SpacePicker
          label={t('identityProviders.spaces')}
          hint={t('identityProviders.spacesHint')}
          error={err('spaces')}
          multiple
          useSearch={useSpaceSearch}
          value={chosenSpaces}
          onChange={chooseSpaces}
        />
        <SwitchField label={t('identityProviders.enabled')} description={t('identityProviders.enabledHint')} checked={draft.enabled} onCheckedChange={(v) => set('enabled', v)} />
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
      </form>
      <div className="dialog__actions dialog__actions--sticky">
        <Dialog.Close className="btn btn--ghost">{t('common.cancel')}</Dialog.Close>
        <button type="submit" form="identity-provider-form" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? t('identityProviders.checking') : provider ? t('common.save') : t('admin.create')}
        </button>
      </div>
    </div>
  );
}
