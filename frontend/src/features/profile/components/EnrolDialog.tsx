import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { TextField } from '@/components/TextField';
import { apiErrorText } from '@/lib/apiErrors';
import { formatDate } from '@/lib/dates';
import { showSnackbar } from '@/lib/snackbar';
import { useConfirmSecondFactor } from '../api/confirmSecondFactor';
import { useStartSecondFactor } from '../api/startSecondFactor';
import { groupSecret, isTotpCode, normaliseCode, recoveryCodesText } from '../security';

interface EnrolDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the account's e-mail address, named in the downloaded file */
  account: string;
  /** id of what takes the focus once set up (the button that opened the dialog is gone by then) */
  doneFocusId: string;
}

/** Copies text, telling whether it worked (no clipboard outside secure contexts). */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Setting up the second factor: opening starts a new secret; the dialog shows its QR code and
 * the key to type, takes a first code, then shows the recovery codes once. It lives above the
 * buttons that open it, which vanish as soon as the second factor is on.
 */
export function EnrolDialog({ open, onOpenChange, account, doneFocusId }: EnrolDialogProps) {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useStartSecondFactor();
  const started = useRef(false);
  const completed = useRef(false);
  const { mutate: startMutate, reset: startReset } = start;

  useEffect(() => {
    // one new secret per opening (the ref keeps a development double run from making two)
    if (open && !started.current) {
      started.current = true;
      completed.current = false;
      startMutate();
    }
    if (!open) {
      started.current = false;
      // neither the secret nor the codes stay in memory once the dialog is closed
      startReset();
      setCodes(null);
    }
  }, [open, startMutate, startReset]);

  let body;
  if (codes) body = <RecoveryCodesStep account={account} codes={codes} onDone={() => onOpenChange(false)} />;
  else if (start.isError)
    body = (
      <>
        <p className="form-error" role="alert">
          {apiErrorText(start.error, t)}
        </p>
        <div className="dialog__actions">
          <button type="button" className="btn btn--primary" onClick={() => start.mutate()}>
            {t('profile.secondFactor.retry')}
          </button>
        </div>
      </>
    );
  else if (start.data)
    body = (
      <ScanStep
        secret={start.data.secret}
        qr={start.data.qr}
        uri={start.data.uri}
        onConfirmed={(recoveryCodes) => {
          completed.current = true;
          setCodes(recoveryCodes);
        }}
      />
    );
  else body = <Loader />;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="dialog dialog--framed enrol-dialog"
          aria-describedby={undefined}
          // the recovery codes are shown once: only "I have stored the codes" closes them
          onEscapeKeyDown={(e) => codes && e.preventDefault()}
          onInteractOutside={(e) => codes && e.preventDefault()}
          onCloseAutoFocus={(e) => {
            const target = completed.current ? document.getElementById(doneFocusId) : null;
            if (target) {
              e.preventDefault();
              target.focus();
            }
          }}
        >
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{codes ? t('profile.secondFactor.codesTitle') : t('profile.secondFactor.enrolTitle')}</Dialog.Title>
            {!codes && (
              <Dialog.Close className="icon-btn" aria-label={t('common.close')}>
                <Icon name="close" />
              </Dialog.Close>
            )}
          </div>
          <div className="dialog__body dialog__body--form">{body}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ScanStep({ secret, qr, uri, onConfirmed }: { secret: string; qr: string; uri: string; onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  const confirm = useConfirmSecondFactor();
  const codeRef = useRef<HTMLInputElement>(null);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!isTotpCode(code)) {
      setFormatError(t('profile.secondFactor.codeFormat'));
      codeRef.current?.focus();
      return;
    }
    setFormatError(null);
    confirm.mutate(
      { code: normaliseCode(code) },
      {
        onSuccess: (res) => {
          showSnackbar(t('profile.secondFactor.enabled'));
          onConfirmed(res.recoveryCodes);
        },
        onError: () => {
          setCode('');
          codeRef.current?.focus();
        },
      },
    );
  };

  const handleCopySecret = async () => {
    showSnackbar((await copy(secret)) ? t('profile.secondFactor.copied') : t('profile.secondFactor.copyFailed'), { type: 'info' });
  };

  return (
    <form className="form enrol" onSubmit={handleSubmit} noValidate>
      <p className="enrol__step">{t('profile.secondFactor.scan')}</p>
      <img className="enrol__qr" src={qr} width={240} height={240} alt={t('profile.secondFactor.qrAlt')} />
      {/* on the phone itself there is nothing to scan: the link opens the authenticator app */}
      <a className="btn btn--ghost enrol__open" href={uri}>
        <Icon name="externalLink" size={16} />
        {t('profile.secondFactor.openApp')}
      </a>
      <div className="enrol__manual">
        <p className="field__hint">{t('profile.secondFactor.manual')}</p>
        <div className="enrol__secret">
          <code className="mono" data-secret={secret}>
            {groupSecret(secret)}
          </code>
          <button type="button" className="icon-btn" aria-label={t('profile.secondFactor.copySecret')} onClick={() => void handleCopySecret()}>
            <Icon name="copy" size={18} />
          </button>
        </div>
      </div>
      <p className="enrol__step">{t('profile.secondFactor.enterCode')}</p>
      <TextField
        ref={codeRef}
        className="enrol__code"
        autoFocus
        label={t('profile.secondFactor.code')}
        hint={t('profile.secondFactor.codeHint')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9 ]*"
        maxLength={8}
        spellCheck={false}
        value={code}
        error={formatError ?? apiErrorText(confirm.error, t)}
        onChange={(e) => setCode(e.target.value)}
      />
      <div className="dialog__actions">
        <Dialog.Close className="btn btn--ghost">{t('common.cancel')}</Dialog.Close>
        <button type="submit" className="btn btn--primary" disabled={confirm.isPending}>
          {t('profile.secondFactor.confirm')}
        </button>
      </div>
    </form>
  );
}

function RecoveryCodesStep({ account, codes, onDone }: { account: string; codes: string[]; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const headingRef = useRef<HTMLParagraphElement>(null);

  // the dialog's content changed under the focus: start reading at the warning
  useEffect(() => headingRef.current?.focus(), []);

  const text = () =>
    recoveryCodesText({
      title: t('profile.secondFactor.fileTitle', { account }),
      date: t('profile.secondFactor.fileDate', { date: formatDate(new Date().toISOString(), i18n.language) }),
      note: t('profile.secondFactor.fileNote'),
      codes,
    });

  const handleCopy = async () => {
    showSnackbar((await copy(text())) ? t('profile.secondFactor.copied') : t('profile.secondFactor.copyFailed'), { type: 'info' });
  };

  const handleDownload = () => {
    const url = URL.createObjectURL(new Blob([text()], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t('profile.secondFactor.fileName');
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className="form recovery">
      <p className="notice notice--warning" ref={headingRef} tabIndex={-1}>
        <Icon name="alert" size={20} />
        <strong>{t('profile.secondFactor.codesWarning')}</strong>
      </p>
      <p className="card__text">{t('profile.secondFactor.codesText')}</p>
      <ol className="recovery__codes mono" aria-label={t('profile.secondFactor.codesLabel')}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="recovery__tools">
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void handleCopy()}>
          <Icon name="copy" size={16} />
          {t('profile.secondFactor.copyCodes')}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={handleDownload}>
          <Icon name="download" size={16} />
          {t('profile.secondFactor.download')}
        </button>
      </div>
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" onClick={onDone}>
          {t('profile.secondFactor.done')}
        </button>
      </div>
    </div>
  );
}
