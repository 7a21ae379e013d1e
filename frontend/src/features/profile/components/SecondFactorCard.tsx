import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCancel, FormDialog } from '@/components/FormDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { TextField } from '@/components/TextField';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import { useDisableSecondFactor } from '../api/disableSecondFactor';
import { useSecondFactor } from '../api/getSecondFactor';
import { useEnrolStore } from '../enrolStore';

/** Below this many unused recovery codes the card suggests new ones. */
const FEW_CODES = 3;

/** Id of the card's heading, where the focus goes once the second factor is set up. */
export const SECOND_FACTOR_HEADING = 'second-factor-heading';

/** Status of the second factor with what can be done about it: set it up, or turn it off. */
export function SecondFactorCard() {
  const { t } = useTranslation();
  const openEnrol = useEnrolStore((s) => s.setOpen);
  const status = useSecondFactor();
  const [disabling, setDisabling] = useState(false);

  let body;
  if (status.isPending) body = <Loader />;
  else if (status.isError)
    body = (
      <p className="form-error" role="alert">
        {apiErrorText(status.error, t)}
      </p>
    );
  else if (status.data.enrolled)
    body = (
      <>
        <p className="security-state security-state--on">
          <Icon name="checkCircle" size={20} />
          <strong>{t('profile.secondFactor.on')}</strong>
          <span>{t('profile.secondFactor.onText')}</span>
        </p>
        <p className="card__text">{t('profile.secondFactor.codesLeft', { count: status.data.recoveryCodesLeft })}</p>
        {status.data.recoveryCodesLeft <= FEW_CODES && <p className="notice notice--warning">{t('profile.secondFactor.codesLow')}</p>}
        <div className="form__actions">
          <button type="button" className="btn btn--danger-outline" onClick={() => setDisabling(true)}>
            {t('profile.secondFactor.disable')}
          </button>
        </div>
      </>
    );
  else
    body = (
      <>
        <p className="security-state">
          <Icon name="xCircle" size={20} />
          <strong>{t('profile.secondFactor.off')}</strong>
        </p>
        <div className="form__actions">
          <button type="button" className="btn btn--primary" onClick={() => openEnrol(true)}>
            <Icon name="shield" size={18} />
            {t('profile.secondFactor.setUp')}
          </button>
        </div>
      </>
    );

  return (
    <section className="card" aria-labelledby={SECOND_FACTOR_HEADING}>
      <h3 id={SECOND_FACTOR_HEADING} className="card__title" tabIndex={-1}>
        {t('profile.secondFactor.title')}
      </h3>
      <p className="card__text">{t('profile.secondFactor.lead')}</p>
      <div className="security-card__body">{body}</div>
      <FormDialog open={disabling} onOpenChange={setDisabling} title={t('profile.secondFactor.disableTitle')} description={t('profile.secondFactor.disableText')}>
        <DisableForm onDone={() => setDisabling(false)} />
      </FormDialog>
    </section>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [required, setRequired] = useState(false);
  const disable = useDisableSecondFactor();

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setRequired(!password);
    if (!password) return;
    disable.mutate(
      { password },
      {
        onSuccess: () => {
          showSnackbar(t('profile.secondFactor.disabled'));
          onDone();
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <TextField
        label={t('auth.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        autoFocus
        value={password}
        error={required ? t('validation.required') : apiErrorText(disable.error, t)}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="dialog__actions">
        <DialogCancel />
        <button type="submit" className="btn btn--danger" disabled={disable.isPending}>
          {t('profile.secondFactor.disable')}
        </button>
      </div>
    </form>
  );
}
