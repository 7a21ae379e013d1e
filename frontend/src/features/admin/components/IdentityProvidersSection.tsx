import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { apiErrorText } from '@/lib/apiErrors';
import type { Provider as IdentityProvider } from '@/lib/api-types.gen';
import { showSnackbar } from '@/lib/snackbar';
import { useDeleteIdentityProvider } from '../api/deleteIdentityProvider';
import { useIdentityProviders } from '../api/getIdentityProviders';
import { useSpacesByIds } from '../api/getSpaces';
import { IdentityProviderDialog } from './IdentityProviderDialog';

/** Single sign-on: the OpenID Connect identity providers of Space Administration. */
export function IdentityProvidersSection() {
  const { t } = useTranslation();
  const providers = useIdentityProviders();
  const [editing, setEditing] = useState<IdentityProvider | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [deleting, setDeleting] = useState<IdentityProvider | null>(null);
  const remove = useDeleteIdentityProvider();

  const openEditor = (p: IdentityProvider | null) => {
    setEditing(p);
    setEditorOpen(true);
  };
  const list = providers.data?.providers ?? [];
  // the spaces are named wherever they are in the space list
  const spaces = useSpacesByIds(list.flatMap((p) => p.spaces));
  const spaceName = (id: number) => spaces.byId.get(id)?.subdomain ?? `#${id}`;

  return (
    <section className="card" aria-labelledby="identity-providers-heading">
      <div className="card__toolbar">
        <h2 id="identity-providers-heading" className="card__title">
          {t('identityProviders.title')}
        </h2>
        <div className="card__tools">
          <button type="button" className="btn btn--primary btn--small" onClick={() => openEditor(null)}>
            <Icon name="plus" size={16} />
            {t('identityProviders.new')}
          </button>
        </div>
      </div>
      <p className="card__text">{t('identityProviders.text')}</p>
      {providers.data && (
        <p className="card__text">
          {t('identityProviders.redirectUri')} <code className="mono redirect-uri">{providers.data.redirectUri}</code>
        </p>
      )}
      {providers.isError ? (
        <p className="form-error" role="alert">
          {apiErrorText(providers.error, t)}
        </p>
      ) : providers.isPending ? (
        <Loader />
      ) : list.length === 0 ? (
        <div className="empty-state">
          <Icon name="shield" size={28} />
          <p className="empty-state__title">{t('identityProviders.none')}</p>
        </div>
      ) : (
        <ul className="metadata-rows">
          {list.map((p) => (
            <li key={p.id} className="metadata-row" data-provider-id={p.id}>
              <div className="metadata-row__text">
                <span className="metadata-row__name">
                  {p.label}
                  {!p.enabled && <span className="chip chip--muted provider-row__state">{t('identityProviders.disabled')}</span>}
                </span>
                <span className="metadata-row__description mono">{p.issuer}</span>
                <span className="metadata-row__description">
                  {t('identityProviders.clientId')}: <span className="mono">{p.clientId}</span> ·{' '}
                  {p.clientSecretSet ? t('identityProviders.secretSet') : t('identityProviders.noSecret')} · {t('identityProviders.logins', { n: p.logins })}
                </span>
                <span className="metadata-row__options">
                  {p.emailDomains.map((d) => (
                    <span key={d} className="chip">
                      @{d}
                    </span>
                  ))}
                  {p.spaces.length === 0 ? (
                    <span className="chip chip--muted">{t('identityProviders.noSpaces')}</span>
                  ) : (
                    p.spaces.map((s) => (
                      <span key={s} className="chip chip--muted">
                        {spaceName(s)}
                      </span>
                    ))
                  )}
                </span>
              </div>
              <div className="space-row__actions">
                <button type="button" className="icon-btn" aria-label={`${t('common.edit')} ${p.label}`} onClick={() => openEditor(p)}>
                  <Icon name="edit" size={18} />
                </button>
                <button type="button" className="icon-btn icon-btn--danger" aria-label={`${t('common.delete')} ${p.label}`} onClick={() => setDeleting(p)}>
                  <Icon name="trash" size={18} />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <IdentityProviderDialog provider={editing} open={editorOpen} onOpenChange={setEditorOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={t('identityProviders.deleteTitle')}
        description={t('identityProviders.deleteText', { label: deleting?.label ?? '' })}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        error={apiErrorText(remove.error, t)}
        onConfirm={() => {
          if (!deleting) return;
          const label = deleting.label;
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: () => {
                showSnackbar(t('admin.deleted', { title: label }));
                setDeleting(null);
              },
            },
          );
        }}
      />
    </section>
  );
}
