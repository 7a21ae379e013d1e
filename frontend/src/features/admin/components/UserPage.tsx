import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { NotFoundPage } from '@/components/NotFoundPage';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { SearchBox } from '@/components/SearchBox';
import { apiErrorText } from '@/lib/apiErrors';
import type { LoginData, SpaceRole, UserData } from '@/lib/api-types.gen';
import { showSnackbar } from '@/lib/snackbar';
import { formatDate } from '@/lib/dates';
import { useAddUserLogin } from '../api/addUserLogin';
import { useDeleteUser } from '../api/deleteUser';
import { useDeleteUserLogin } from '../api/deleteUserLogin';
import { useUserData } from '../api/getUserData';
import { useUpdateUserEmail } from '../api/updateUserEmail';
import { displayName, userPath } from '../users';
import { EmailDialog } from './EmailDialog';
import { UserSecurityCard } from './UserSecurityCard';

/** User administration for the super admin (/admin/user/{username}). */
export function UserPage() {
  const { username = '' } = useParams();
  const data = useUserData(username);
  if (!username.trim()) return <NotFoundPage />;
  if (data.isError) return <QueryErrorPage error={data.error} />;
  if (data.isPending) return <Loader />;
  return <UserDetails user={data.data} routeName={username} />;
}

/** `routeName` is the address in the URL: the username or any other login of the user. */
function UserDetails({ user, routeName }: { user: UserData; routeName: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'add' | 'change' | null>(null);
  const [removing, setRemoving] = useState<LoginData | null>(null);
  const [deletingUser, setDeletingUser] = useState(false);
  const addLogin = useAddUserLogin();
  const updateEmail = useUpdateUserEmail();
  const deleteLogin = useDeleteUserLogin();
  const deleteUser = useDeleteUser();

  return (
    <div className="page">
      <div className="page__header page__header--row">
        <div className="user-page__heading">
          <Link to="/admin" className="back-link">
            <Icon name="arrowLeft" size={16} />
            {t('nav.spaceAdministration')}
          </Link>
          <h1 className="page__title user-page__title">{user.username}</h1>
          <p className="page__subtitle">{t('adminUsers.userId', { id: user.id })}</p>
        </div>
        <button type="button" className="btn btn--danger-outline" onClick={() => setDeletingUser(true)}>
          <Icon name="trash" size={18} />
          {t('adminUsers.deleteUser')}
        </button>
      </div>

      <section className="card" aria-labelledby="logins-heading">
        <div className="card__toolbar">
          <h2 id="logins-heading" className="card__title">
            {t('adminUsers.logins')}
          </h2>
          <div className="card__tools">
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setDialog('change')}>
              <Icon name="edit" size={16} />
              {t('adminUsers.changeEmail')}
            </button>
            <button type="button" className="btn btn--primary btn--small" onClick={() => setDialog('add')}>
              <Icon name="plus" size={16} />
              {t('adminUsers.addLogin')}
            </button>
          </div>
        </div>
        {user.logins.length === 0 ? (
          <p className="muted">{t('common.noItems')}</p>
        ) : (
          <ul className="login-rows">
            {user.logins.map((login) => (
              <li key={login.id} className="login-row" data-email={login.email}>
                <Icon name="login" size={20} />
                <div className="login-row__text">
                  <span className="login-row__mail">{login.email}</span>
                  <span className="login-row__meta">
                    {t('adminUsers.provider', { provider: login.provider })} · {t('adminUsers.created', { date: formatDate(login.created, i18n.language) })}
                  </span>
                </div>
                <div className="login-row__chips">
                  {login.primary && <span className="chip">{t('adminUsers.primary')}</span>}
                  {login.verified ? <span className="chip">{t('adminUsers.verified')}</span> : <span className="chip chip--muted">{t('adminUsers.unverified')}</span>}
                </div>
                <button type="button" className="icon-btn icon-btn--danger" aria-label={t('adminUsers.removeLoginFor', { email: login.email })} onClick={() => setRemoving(login)}>
                  <Icon name="trash" size={18} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <UserSecurityCard user={user} />

      <SpaceRoles roles={user.spaceRoles} />

      <section className="card" aria-labelledby="similar-heading">
        <h2 id="similar-heading" className="card__title card__title--gap">
          {t('adminUsers.similarUsers')}
        </h2>
        <p className="card__text">{t('adminUsers.similarUsersText')}</p>
        {user.similarUsers.length === 0 ? (
          <div className="empty-state">
            <Icon name="user" size={28} />
            <p className="empty-state__title">{t('common.noItems')}</p>
          </div>
        ) : (
          <ul className="user-rows">
            {user.similarUsers.map((u) => (
              <li key={u.id}>
                <Link className="user-row" to={userPath(u.username)}>
                  <Icon name="user" size={20} />
                  <span className="user-row__text">
                    <span className="user-row__name">{displayName(u)}</span>
                    <span className="user-row__mail">{u.username}</span>
                  </span>
                  <Icon name="chevronRight" size={18} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <EmailDialog
        open={dialog === 'add'}
        onOpenChange={(open) => setDialog(open ? 'add' : null)}
        title={t('adminUsers.addLogin')}
        description={t('adminUsers.addLoginText', { username: user.username })}
        submitLabel={t('adminUsers.addLoginSubmit')}
        pending={addLogin.isPending}
        onSubmit={(email) =>
          addLogin.mutateAsync({ user: user.id, email }).then(() => showSnackbar(t('adminUsers.loginAdded', { email })))
        }
      />
      <EmailDialog
        open={dialog === 'change'}
        onOpenChange={(open) => setDialog(open ? 'change' : null)}
        title={t('adminUsers.changeEmail')}
        description={t('adminUsers.changeEmailText')}
        submitLabel={t('common.save')}
        initial={user.username}
        pending={updateEmail.isPending}
        onSubmit={(email) =>
          updateEmail.mutateAsync({ user: user.id, email }).then((updated) => {
            showSnackbar(t('adminUsers.emailChanged', { email: updated.username }));
            if (updated.username !== user.username) void navigate(userPath(updated.username), { replace: true });
          })
        }
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRemoving(null);
            deleteLogin.reset();
          }
        }}
        title={t('adminUsers.removeLoginTitle')}
        description={t('adminUsers.removeLoginText', { email: removing?.email ?? '' })}
        confirmLabel={t('adminUsers.removeLogin')}
        pending={deleteLogin.isPending}
        error={apiErrorText(deleteLogin.error, t)}
        onConfirm={() => {
          if (!removing) return;
          const email = removing.email;
          deleteLogin.mutate(
            { user: user.id, email },
            {
              onSuccess: () => {
                showSnackbar(t('adminUsers.loginRemoved', { email }));
                setRemoving(null);
                // the username follows the primary login: when it goes, the oldest remaining login takes over
                const next = email === user.username ? user.logins.filter((l) => l.email !== email).sort((a, b) => a.id - b.id)[0]?.email : user.username;
                if (!next) void navigate('/admin', { replace: true });
                else if (next.toLowerCase() !== routeName.toLowerCase()) void navigate(userPath(next), { replace: true });
              },
            },
          );
        }}
      />
      <ConfirmDialog
        open={deletingUser}
        onOpenChange={(open) => {
          setDeletingUser(open);
          if (!open) deleteUser.reset();
        }}
        title={t('adminUsers.deleteUserTitle')}
        description={t('adminUsers.deleteUserText', { username: user.username })}
        confirmLabel={t('common.delete')}
        pending={deleteUser.isPending}
        error={apiErrorText(deleteUser.error, t)}
        onConfirm={() =>
          deleteUser.mutate(
            { userId: user.id },
            {
              onSuccess: () => {
                showSnackbar(t('adminUsers.userDeleted', { username: user.username }));
                void navigate('/admin', { replace: true });
              },
            },
          )
        }
      />
    </div>
  );
}

const roleLabel = (t: (key: string, options: { defaultValue: string }) => string, role: string) => t(`adminUsers.role.${role}`, { defaultValue: role });

function matchesRole(role: SpaceRole, needle: string): boolean {
  return !needle || role.space.toLowerCase().includes(needle) || role.collectionRoles.some((c) => c.collectionTitle.toLowerCase().includes(needle));
}

/** Spaces the user belongs to, each with the collections in which the user has a role. */
function SpaceRoles({ roles }: { roles: SpaceRole[] }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const visible = roles.filter((r) => matchesRole(r, needle));

  return (
    <section className="card" aria-labelledby="roles-heading">
      <div className="card__toolbar">
        <h2 id="roles-heading" className="card__title">
          {t('adminUsers.spaceRoles')}
        </h2>
        {roles.length > 1 && <SearchBox value={filter} onChange={setFilter} />}
      </div>
      {visible.length === 0 ? (
        <div className="empty-state">
          <Icon name="building" size={28} />
          <p className="empty-state__title">{t('common.noItems')}</p>
        </div>
      ) : (
        <ul className="role-cards">
          {visible.map((r) => (
            <li key={r.spaceId} className="role-card" data-space-id={r.spaceId}>
              <div className="role-card__head">
                <h3 className="role-card__title">{r.space}</h3>
                <div className="role-card__chips">
                  {r.roles.map((role) => (
                    <span key={role} className="chip">
                      {roleLabel(t, role)}
                    </span>
                  ))}
                </div>
              </div>
              {r.collectionRoles.length === 0 ? (
                <p className="muted role-card__empty">{t('adminUsers.noCollectionRoles')}</p>
              ) : (
                <ul className="role-card__collections" aria-label={t('adminUsers.collectionRoles')}>
                  {r.collectionRoles.map((c) => (
                    <li key={c.collectionId} className="role-card__collection">
                      <span className="role-card__collection-title">{c.collectionTitle}</span>
                      <span className="role-card__chips">
                        {c.roles.map((role) => (
                          <span key={role} className="chip chip--muted">
                            {roleLabel(t, role)}
                          </span>
                        ))}
                        {c.guidelineRoles.map((role) => (
                          <span key={`g-${role}`} className="chip chip--muted" title={t('adminUsers.guidelineRole')}>
                            {t('adminUsers.guidelineRoleLabel', { role: roleLabel(t, role) })}
                          </span>
                        ))}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
