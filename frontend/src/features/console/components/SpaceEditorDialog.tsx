import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorField } from '@/components/ColorField';
import { Icon } from '@/components/Icon';
import { ImageUpload } from '@/components/ImageUpload';
import { SwitchField } from '@/components/SwitchField';
import { TextField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import { DEFAULT_ACCENT, DEFAULT_PRIMARY } from '@/lib/theme';
import type { Space } from '@/lib/types';
import { useUpdateSpace, type SpaceInput } from '../api/updateSpace';
import { DEFAULT_CLUSTER, type Placement } from '../types';
import { fieldFromServer, parseDomains, validateSpaceForm, type SpaceFormErrors, type SpaceFormValues } from '../validation';
import { PlacementFields } from './PlacementFields';
import { VariablesTable } from './VariablesTable';

interface SpaceEditorDialogProps {
  /** null = create a new space */
  space: Space | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** where focus goes on closing, when the element that opened the dialog may be gone by then */
  onCloseAutoFocus?: (event: Event) => void;
}

export function SpaceEditorDialog({ space, open, onOpenChange, onCloseAutoFocus }: SpaceEditorDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog dialog--wide" aria-describedby={undefined} onCloseAutoFocus={onCloseAutoFocus}>
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{space ? t('admin.editSpace', { title: space.title }) : t('admin.newSpace')}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </div>
          <SpaceForm key={space?.id ?? 'new'} space={space} onDone={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SpaceForm({ space, onDone }: { space: Space | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<SpaceFormValues>({
    title: space?.title ?? '',
    subdomain: space?.subdomain ?? '',
    color: space?.color || DEFAULT_PRIMARY,
    accentColor: space?.accentColor || DEFAULT_ACCENT,
    emailDomains: space?.emailDomains.join(', ') ?? '',
    position: String(space?.position ?? 0),
  });
  const [flags, setFlags] = useState({ lpvisible: space?.lpvisible ?? true, national: space?.national ?? false, public: space?.public ?? true });
  const [logo, setLogo] = useState<string | undefined>(undefined);
  const [icon, setIcon] = useState<string | undefined>(undefined);
  const [place, setPlace] = useState<{ cluster: string; placement: Placement }>({ cluster: DEFAULT_CLUSTER, placement: 'schema' });
  const [errors, setErrors] = useState<SpaceFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateSpace();

  const set = (key: keyof SpaceFormValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const err = (key: keyof SpaceFormValues) => (errors[key] ? t(errors[key]) : null);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = validateSpaceForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: SpaceInput = {
      ...(space ? { id: space.id } : {}),
      title: values.title.trim(),
      subdomain: values.subdomain.trim(),
      color: values.color,
      accentColor: values.accentColor,
      emailDomains: parseDomains(values.emailDomains),
      position: Number(values.position),
      ...flags,
      ...(logo !== undefined ? { logo } : {}),
      ...(icon !== undefined ? { icon } : {}),
      // where a new space is placed; a move changes it later
      ...(space ? {} : place),
    };
    update.mutate(input, {
      onSuccess: (saved) => {
        showSnackbar(t('admin.saved', { title: saved.title }));
        onDone();
      },
      onError: (error) => {
        const message = t(error.message, { defaultValue: t('error.somethingWrong') });
        const field = error instanceof ApiError ? fieldFromServer(error.params.field) : null;
        if (field) setErrors((prev) => ({ ...prev, [field]: error.message }));
        else if (error instanceof ApiError && error.message === 'space.subdomainTaken') setErrors((prev) => ({ ...prev, subdomain: error.message }));
        else if (error instanceof ApiError && (error.message === 'space.unknownCluster' || error.message === 'space.placementByMove'))
          setFormError(apiErrorText(error, t));
        else setFormError(message);
      },
    });
  };

  const version = encodeURIComponent(space ? `${space.id}-${space.subdomain}` : '');

  return (
    <div className="dialog__body">
      <form id="space-form" className="form" onSubmit={handleSubmit} noValidate>
        <div className="form-grid">
          <TextField label={t('admin.fields.title')} name="title" value={values.title} error={err('title')} onChange={(e) => set('title', e.target.value)} maxLength={200} />
          <TextField
            label={t('admin.fields.subdomain')}
            name="subdomain"
            value={values.subdomain}
            error={err('subdomain')}
            hint={t('admin.subdomainHint')}
            onChange={(e) => set('subdomain', e.target.value)}
            maxLength={63}
            autoCapitalize="none"
            spellCheck={false}
          />
          <ColorField label={t('admin.fields.color')} value={values.color} error={err('color')} onChange={(v) => set('color', v)} />
          <ColorField label={t('admin.fields.accentColor')} value={values.accentColor} placeholder={DEFAULT_ACCENT} error={err('accentColor')} onChange={(v) => set('accentColor', v)} />
        </div>
        <TextField
          label={t('admin.fields.emailDomains')}
          name="emailDomains"
          value={values.emailDomains}
          error={err('emailDomains')}
          hint={t('admin.emailDomainsHint')}
          onChange={(e) => set('emailDomains', e.target.value)}
          spellCheck={false}
        />
        <TextField label={t('admin.fields.position')} name="position" type="number" inputMode="numeric" value={values.position} error={err('position')} onChange={(e) => set('position', e.target.value)} className="field--short" />
        {!space && <PlacementFields value={place} onChange={setPlace} />}
        <div className="switch-list">
          <SwitchField label={t('admin.fields.lpvisible')} checked={flags.lpvisible} onCheckedChange={(v) => setFlags((f) => ({ ...f, lpvisible: v }))} />
          <SwitchField label={t('admin.fields.national')} checked={flags.national} onCheckedChange={(v) => setFlags((f) => ({ ...f, national: v }))} />
          <SwitchField label={t('admin.fields.public')} checked={flags.public} onCheckedChange={(v) => setFlags((f) => ({ ...f, public: v }))} />
        </div>
        <div className="form-grid">
          <ImageUpload label={t('admin.fields.logo')} currentUrl={space ? `/api/common/get/spaceLogo/64/${space.subdomain}?v=${version}` : undefined} value={logo} onChange={setLogo} />
          <ImageUpload label={t('admin.fields.icon')} currentUrl={space ? `/api/common/get/spaceIcon/28/${space.subdomain}?v=${version}` : undefined} value={icon} onChange={setIcon} />
        </div>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
      </form>
      {space && <VariablesTable space={space} />}
      <div className="dialog__actions dialog__actions--sticky">
        <Dialog.Close className="btn btn--ghost">{t('common.cancel')}</Dialog.Close>
        <button type="submit" form="space-form" className="btn btn--primary" disabled={update.isPending}>
          {space ? t('common.save') : t('admin.create')}
        </button>
      </div>
    </div>
  );
}
