import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorField } from '@/components/ColorField';
import { ImageUpload } from '@/components/ImageUpload';
import { SwitchField } from '@/components/SwitchField';
import { TextField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import { useNavigation } from '@/lib/endpoints/getNavigation';
import { DEFAULT_ACCENT } from '@/lib/theme';
import type { Space } from '@/lib/types';
import { useUpdateSpaceSettings } from '../api/updateSpaceSettings';
import { CustomDomainsPanel } from './CustomDomainsPanel';
import { SearchVocabularyPanel } from './SearchVocabularyPanel';
import {
  settingsChanged,
  settingsFieldFromServer,
  settingsFrom,
  settingsInput,
  TITLE_MAX,
  validateSettings,
  type SettingsErrors,
  type SettingsField,
  type SettingsValues,
} from '../settings';

/**
 * Title, colours and images of the space. The subdomain and the e-mail domains belong to the
 * super admin: a domain admits every verified address of it as a member. Below, the space's
 * custom domains.
 */
export function SpaceSettingsTab({ space }: { space: Space }) {
  const { t } = useTranslation();
  const superAdmin = useNavigation().data?.superAdmin === true;
  const [values, setValues] = useState<SettingsValues>(() => settingsFrom(space));
  const [selfSignup, setSelfSignup] = useState(space.selfSignup);
  const [adminsNeedSecondFactor, setAdminsNeedSecondFactor] = useState(space.adminsNeedSecondFactor);
  const [logo, setLogo] = useState<string | undefined>(undefined);
  const [icon, setIcon] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // bumps after a save so the previews load the new images past the browser cache
  const [imageVersion, setImageVersion] = useState(0);
  const update = useUpdateSpaceSettings();
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = settingsChanged(space, values) || logo !== undefined || icon !== undefined || selfSignup !== space.selfSignup ||
    adminsNeedSecondFactor !== space.adminsNeedSecondFactor;

  const set = (key: SettingsField, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const err = (key: SettingsField) => (errors[key] ? t(errors[key]) : null);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = validateSettings(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // the form is long on a phone: take the user to the first problem
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    update.mutate(settingsInput(space, values, { logo, icon }, { selfSignup, adminsNeedSecondFactor }), {
      onSuccess: (saved) => {
        setSelfSignup(saved.selfSignup);
        setAdminsNeedSecondFactor(saved.adminsNeedSecondFactor);
        setLogo(undefined);
        setIcon(undefined);
        setImageVersion(Date.now());
        setValues(settingsFrom(saved));
        showSnackbar(t('spaces.settings.saved', { title: saved.title }));
      },
      onError: (error) => {
        const field = error instanceof ApiError ? settingsFieldFromServer(error.params.field) : null;
        if (field) setErrors((prev) => ({ ...prev, [field]: error.message }));
        else setFormError(apiErrorText(error, t));
      },
    });
  };

  const version = imageVersion ? `?v=${imageVersion}` : '';

  return (
    <>
      <section className="card" aria-labelledby="space-settings-heading">
        <h2 id="space-settings-heading" className="card__title card__title--gap">
          {t('spaces.tabs.settings')}
        </h2>
        <form ref={formRef} className="form space-settings" onSubmit={handleSubmit} noValidate>
          <div className="form-grid">
            <TextField
              label={t('spaces.settings.fields.title')}
              name="title"
              value={values.title}
              maxLength={TITLE_MAX}
              error={err('title')}
              onChange={(e) => set('title', e.target.value)}
            />
            <TextField
              label={t('spaces.settings.fields.subdomain')}
              name="subdomain"
              value={space.subdomain}
              readOnly
              className="field--readonly"
              hint={t('spaces.settings.subdomainHint')}
            />
            <ColorField label={t('spaces.settings.fields.color')} value={values.color} error={err('color')} onChange={(v) => set('color', v)} />
            <ColorField
              label={t('spaces.settings.fields.accentColor')}
              value={values.accentColor}
              placeholder={DEFAULT_ACCENT}
              error={err('accentColor')}
              onChange={(v) => set('accentColor', v)}
            />
          </div>
          <TextField
            label={t('spaces.settings.fields.emailDomains')}
            name="emailDomains"
            value={values.emailDomains}
            error={err('emailDomains')}
            hint={t(superAdmin ? 'spaces.settings.emailDomainsHint' : 'spaces.settings.emailDomainsLocked')}
            readOnly={!superAdmin}
            className={superAdmin ? undefined : 'field--readonly'}
            spellCheck={false}
            autoCapitalize="none"
            onChange={(e) => set('emailDomains', e.target.value)}
          />
          <div className="switch-list">
            <SwitchField
              label={t('spaces.settings.fields.selfSignup')}
              description={t(space.emailDomains.length > 0 ? 'spaces.settings.selfSignupHint' : 'spaces.settings.selfSignupNoDomains', {
                domains: space.emailDomains.join(', '),
              })}
              checked={selfSignup}
              onCheckedChange={setSelfSignup}
              name="selfSignup"
            />
            <SwitchField
              label={t('spaces.settings.fields.adminsNeedSecondFactor')}
              description={t('spaces.settings.adminsNeedSecondFactorHint')}
              checked={adminsNeedSecondFactor}
              onCheckedChange={setAdminsNeedSecondFactor}
              name="adminsNeedSecondFactor"
            />
          </div>
          <div className="form-grid">
            <ImageUpload
              label={t('spaces.settings.fields.logo')}
              currentUrl={`/api/common/get/spaceLogo/64/${space.subdomain}${version}`}
              value={logo}
              onChange={setLogo}
            />
            <ImageUpload
              label={t('spaces.settings.fields.icon')}
              currentUrl={`/api/common/get/spaceIcon/28/${space.subdomain}${version}`}
              value={icon}
              onChange={setIcon}
            />
          </div>
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          <div className="form__actions">
            <button type="submit" className="btn btn--primary" disabled={!dirty || update.isPending}>
              {t('common.save')}
            </button>
          </div>
        </form>
      </section>
      <CustomDomainsPanel spaceId={space.id} />
      <SearchVocabularyPanel spaceId={space.id} />
    </>
  );
}
