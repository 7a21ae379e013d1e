import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Loader } from '@/components/Loader';
import { TextField } from '@/components/TextField';
import { spaceUrl } from '@/lib/host';
import { useAcceptInvitation } from '../api/acceptInvitation';
import { useTokenCheck } from '../api/checkToken';
import { accountErrorText, errorField, linkProblem, linkToken } from '../links';
import { AuthCard } from './AuthCard';
import { LinkProblemView } from './LinkProblemView';
import { NewPasswordField } from './NewPasswordField';

/**
 * /auth/invite#token=…: the invited person gives their name and chooses a password; the
 * account is activated, signed in, and lands in the inviting space.
 */
export function InvitationPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const token = linkToken(useLocation().hash);
  const check = useTokenCheck(token, 'invitation');
  const accept = useAcceptInvitation();
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [password, setPassword] = useState('');

  const problem = token ? (linkProblem(accept.error) ?? linkProblem(check.error)) : 'unknown';
  if (problem) return <LinkProblemView problem={problem} purpose="invitation" standalone={standalone} />;
  if (check.isPending) {
    return (
      <AuthCard icon="mail" title={t('auth.invite.title')} standalone={standalone}>
        <Loader />
      </AuthCard>
    );
  }
  const info = check.data;
  const error = accept.isError ? accountErrorText(accept.error, t) : null;
  const field = errorField(accept.error, ['firstname', 'lastname', 'password']);
  const fieldError = (name: typeof field) => (field === name ? error : null);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    accept.mutate(
      { token, firstname: firstname.trim(), lastname: lastname.trim(), password },
      { onSuccess: (landing) => window.location.assign(landing.space ? spaceUrl(landing.space) : '/') },
    );
  };

  const lead = info
    ? info.inviter
      ? t('auth.invite.lead', { inviter: info.inviter, space: info.spaceTitle || 'Vademecum' })
      : t('auth.invite.leadNoInviter', { space: info.spaceTitle || 'Vademecum' })
    : undefined;
  return (
    <AuthCard icon="mail" title={t('auth.invite.title')} lead={lead} standalone={standalone}>
      {!info ? (
        <p className="form-error" role="alert">
          {accountErrorText(check.error, t)}
        </p>
      ) : (
        <form onSubmit={handleSubmit} className="form" noValidate>
          <TextField label={t('auth.email')} type="email" name="username" autoComplete="username" value={info.email} readOnly className="field--readonly" />
          <div className="form-grid">
            <TextField
              label={t('auth.firstname')}
              name="firstname"
              autoComplete="given-name"
              required
              maxLength={100}
              value={firstname}
              error={fieldError('firstname')}
              onChange={(e) => setFirstname(e.target.value)}
              autoFocus
            />
            <TextField
              label={t('auth.lastname')}
              name="lastname"
              autoComplete="family-name"
              required
              maxLength={100}
              value={lastname}
              error={fieldError('lastname')}
              onChange={(e) => setLastname(e.target.value)}
            />
          </div>
          <NewPasswordField label={t('auth.choosePassword')} value={password} onChange={setPassword} error={fieldError('password')} />
          {error && !field && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--block" disabled={accept.isPending || !firstname.trim() || !lastname.trim() || !password}>
            {accept.isPending ? t('auth.invite.submitting') : t('auth.invite.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
