import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { TextField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import type { CustomDomain } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { formatDateTime } from '@/lib/dates';
import { showSnackbar } from '@/lib/snackbar';
import { useAddCustomDomain } from '../api/addCustomDomain';
import { useCustomDomains } from '../api/getCustomDomains';
import { useRemoveCustomDomain } from '../api/removeCustomDomain';
import { useVerifyCustomDomain } from '../api/verifyCustomDomain';

/** The reasons a check gives (services/domains), each with a text. */
const REASONS = ['noRecord', 'wrongValue', 'lookupFailed', 'unreachable', 'badStatus', 'wrongBody'] as const;
type Reason = (typeof REASONS)[number];
const reasonOf = (v: unknown): Reason => (REASONS as readonly unknown[]).includes(v) ? (v as Reason) : 'lookupFailed';

/**
 * The space's own domains (richtlinien.kssg.ch): added pending, proven by a DNS TXT record or an
 * HTTP token, then served. Each pending domain shows both ways to prove it, with copy buttons.
 */
export function CustomDomainsPanel({ spaceId }: { spaceId: number }) {
  const { t } = useTranslation();
  const domains = useCustomDomains(spaceId);
  const add = useAddCustomDomain(spaceId);
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useRemoveCustomDomain(spaceId);

  const handleAdd = (e: FormEvent) => {
    e.preventDefault();
    setAddError(null);
    if (!name.trim()) {
      setAddError(t('validation.required'));
      return;
    }
    add.mutate(name, {
      onSuccess: (d) => {
        setName('');
        showSnackbar(t('customDomains.added', { domain: d.domain }));
      },
      onError: (error) => setAddError(apiErrorText(error, t)),
    });
  };

  const handleRemove = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: () => {
        showSnackbar(t('customDomains.removed', { domain: removing }));
        setRemoving(null);
      },
    });
  };

  return (
    <section className="card custom-domains" aria-labelledby="custom-domains-heading">
      <h2 id="custom-domains-heading" className="card__title card__title--gap">
        {t('customDomains.title')}
      </h2>
      <p className="card__text">{t('customDomains.intro')}</p>
      <form className="custom-domains__add" onSubmit={handleAdd} noValidate>
        <TextField
          label={t('customDomains.domain')}
          name="customDomain"
          value={name}
          placeholder="richtlinien.example.ch"
          hint={t('customDomains.domainHint')}
          error={addError}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(e) => {
            setName(e.target.value);
            setAddError(null);
          }}
        />
        <button type="submit" className="btn btn--primary" disabled={add.isPending}>
          {t('customDomains.add')}
        </button>
      </form>
      {domains.isError && (
        <p className="form-error" role="alert">
          {apiErrorText(domains.error, t)}
        </p>
      )}
      {domains.data && domains.data.length === 0 && <p className="muted">{t('customDomains.none')}</p>}
      {domains.data && domains.data.length > 0 && (
        <ul className="custom-domains__list">
          {domains.data.map((d) => (
            <DomainItem key={d.domain} spaceId={spaceId} domain={d} onRemove={() => setRemoving(d.domain)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRemoving(null);
            remove.reset();
          }
        }}
        title={t('customDomains.removeTitle', { domain: removing ?? '' })}
        description={t('customDomains.removeText')}
        confirmLabel={t('customDomains.remove')}
        onConfirm={handleRemove}
        pending={remove.isPending}
        error={remove.isError ? apiErrorText(remove.error, t) : null}
      />
    </section>
  );
}

function DomainItem({ spaceId, domain, onRemove }: { spaceId: number; domain: CustomDomain; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const verify = useVerifyCustomDomain(spaceId);
  const [failure, setFailure] = useState<string | null>(null);
  const verified = domain.status === 'verified';
  const headingId = `custom-domain-${domain.domain}`;

  const handleVerify = () => {
    setFailure(null);
    verify.mutate(domain.domain, {
      onSuccess: (d) => showSnackbar(t('customDomains.verifiedNow', { domain: d.domain })),
      onError: (error) => {
        if (error instanceof ApiError && error.message === 'domain.unverified') {
          setFailure(
            t('customDomains.unverified', {
              dns: t(`customDomains.reason.${reasonOf(error.params.dns)}`),
              http: t(`customDomains.reason.${reasonOf(error.params.http)}`),
            }),
          );
        } else setFailure(apiErrorText(error, t));
      },
    });
  };

  return (
    <li className="custom-domain" aria-labelledby={headingId}>
      <div className="custom-domain__head">
        <h3 id={headingId} className="custom-domain__name">
          {domain.domain}
        </h3>
        <span className={`state-chip state-chip--${verified ? 'success' : 'warning'}`}>
          {t(verified ? 'customDomains.status.verified' : 'customDomains.status.pending')}
        </span>
      </div>
      <p className="muted">
        {verified && domain.verifiedAt
          ? t(`customDomains.verifiedAt.${domain.verifiedBy === 'http' ? 'http' : 'dns'}`, { when: formatDateTime(domain.verifiedAt, i18n.language) })
          : t('customDomains.addedAt', { when: formatDateTime(domain.createdAt, i18n.language) })}
      </p>
      {!verified && (
        <div className="custom-domain__how">
          <p>{t('customDomains.how')}</p>
          <h4 className="custom-domain__way">{t('customDomains.dns.title')}</h4>
          <p className="muted">{t('customDomains.dns.text')}</p>
          <CopyRow label={t('customDomains.dns.name')} value={domain.dnsName} />
          <CopyRow label={t('customDomains.dns.value')} value={domain.token} />
          <h4 className="custom-domain__way">{t('customDomains.http.title')}</h4>
          <p className="muted">{t('customDomains.http.text')}</p>
          <CopyRow label={t('customDomains.http.url')} value={domain.httpUrl} />
          <CopyRow label={t('customDomains.http.body')} value={domain.token} />
        </div>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={onRemove}>
          {t('customDomains.remove')}
        </button>
        <button type="button" className={`btn ${verified ? 'btn--ghost' : 'btn--primary'}`} onClick={handleVerify} disabled={verify.isPending}>
          {t(verified ? 'customDomains.verifyAgain' : 'customDomains.verify')}
        </button>
      </div>
    </li>
  );
}

/** A value to copy into a DNS zone or a web server, with its copy button. */
function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showSnackbar(t('customDomains.copied'));
    } catch {
      showSnackbar(t('customDomains.copyFailed'), { type: 'error' });
    }
  };
  return (
    <div className="copy-row">
      <span className="copy-row__label">{label}</span>
      <code className="copy-row__value">{value}</code>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => void handleCopy()} aria-label={t('customDomains.copy', { what: label })}>
        {t('customDomains.copyShort')}
      </button>
    </div>
  );
}
