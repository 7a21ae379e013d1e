import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromOpenCombobox } from '@/components/Combobox';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { SpacePicker } from '@/components/SpacePicker';
import type { SharedCollection } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { useLandingSpaceSearch } from '@/lib/endpoints/getLandingPage';
import type { SpaceOption } from '@/lib/spaceSearch';
import { showSnackbar } from '@/lib/snackbar';
import { useCreateSharedCollection } from '../api/createSharedCollection';
import { useSpaceCollections } from '../api/getSpaceCollections';
import { shareBlock } from '../sharing';

interface OfferCollectionDialogProps {
  spaceId: number;
  /** this space's collections with their current offers, to leave out spaces that have one already */
  shared: SharedCollection[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Offers one of the space's collections to another space. */
export function OfferCollectionDialog({ spaceId, shared, open, onOpenChange }: OfferCollectionDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog dialog--framed" aria-describedby={undefined} onEscapeKeyDown={(e) => fromOpenCombobox(e) && e.preventDefault()}>
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{t('spaces.sharing.offer')}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </div>
          {open && <OfferForm spaceId={spaceId} shared={shared} onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface SelectFieldProps {
  label: string;
  name: string;
  value: string;
  options: { id: number; title: string }[];
  error?: string;
  hint?: string;
  onChange: (value: string) => void;
}

/** Native select with the 'Select an option' placeholder (spec §8). */
function SelectField({ label, name, value, options, error, hint, onChange }: SelectFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const note = error ?? hint;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="" disabled>
          {t('common.selectOption')}
        </option>
        {options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.title}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-note`} className="field__error" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-note`} className="field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

function OfferForm({ spaceId, shared, onDone }: { spaceId: number; shared: SharedCollection[]; onDone: () => void }) {
  const { t } = useTranslation();
  const collections = useSpaceCollections(spaceId);
  const [collectionId, setCollectionId] = useState('');
  const [target, setTarget] = useState<SpaceOption | null>(null);
  const [errors, setErrors] = useState<{ collection?: string; target?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateSharedCollection(spaceId);

  if (collections.isPending) return <Loader />;
  if (collections.isError) {
    return (
      <div className="dialog__body">
        <p className="form-error" role="alert">
          {apiErrorText(collections.error, t)}
        </p>
      </div>
    );
  }

  const collectionOptions = [...collections.data].sort((a, b) => a.title.localeCompare(b.title)).map((c) => ({ id: c.id, title: c.title }));
  const chosen = collections.data.find((c) => String(c.id) === collectionId);
  const offeredOf = (id: string) => shared.find((s) => String(s.id) === id);
  const blockReason = (space: SpaceOption) => {
    const block = shareBlock(space.id, spaceId, offeredOf(collectionId));
    if (block === 'ownSpace') return t('spaces.sharing.ownSpace');
    if (block === 'alreadyOffered') return t('spaces.sharing.alreadyOffered');
    return undefined;
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = { collection: chosen ? undefined : t('validation.required'), target: target ? undefined : t('validation.required') };
    setErrors(found);
    if (!chosen || !target) return;
    create.mutate(
      { spaceId: target.id, collectionId: chosen.id },
      {
        onSuccess: () => {
          showSnackbar(t('spaces.sharing.offered', { title: chosen.title, space: target.title }));
          onDone();
        },
        onError: (err) => setFormError(apiErrorText(err, t)),
      },
    );
  };

  return (
    <form className="dialog__body form" onSubmit={handleSubmit} noValidate>
      <SelectField
        label={t('spaces.sharing.collection')}
        name="collection"
        value={collectionId}
        options={collectionOptions}
        error={errors.collection}
        hint={collectionOptions.length === 0 ? t('spaces.sharing.noCollections') : undefined}
        onChange={(v) => {
          setCollectionId(v);
          setErrors((x) => ({ ...x, collection: undefined }));
          // a space that already has this collection is no longer a choice
          if (target && shareBlock(target.id, spaceId, offeredOf(v))) setTarget(null);
        }}
      />
      <SpacePicker
        label={t('spaces.sharing.targetSpace')}
        useSearch={useLandingSpaceSearch}
        value={target ? [target] : []}
        onChange={(chosenTargets) => {
          setTarget(chosenTargets[0] ?? null);
          setErrors((x) => ({ ...x, target: undefined }));
        }}
        disabledReason={blockReason}
        error={errors.target}
      />
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="dialog__actions">
        <Dialog.Close className="btn btn--ghost">{t('common.cancel')}</Dialog.Close>
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          {t('spaces.sharing.offerSubmit')}
        </button>
      </div>
    </form>
  );
}
