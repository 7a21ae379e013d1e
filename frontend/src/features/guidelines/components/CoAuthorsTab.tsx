import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { UserPicker } from '@/components/UserPicker';
import { apiErrorText } from '@/lib/apiErrors';
import { useProfile } from '@/lib/endpoints/getProfile';
import type { Info as GuidelineInfo, User } from '@/lib/api-types.gen';
import { showSnackbar } from '@/lib/snackbar';
import { displayName } from '@/lib/types';
import { useAddGuidelineCoAuthors } from '../api/addGuidelineCoAuthors';
import { useRemoveGuidelineCoAuthors } from '../api/removeGuidelineCoAuthors';
import { useSetGuidelineAuthor } from '../api/setGuidelineAuthor';

function PersonRow({ user, role, onRemove }: { user: User; role: string; onRemove?: () => void }) {
  const { t } = useTranslation();
  const name = displayName(user);
  return (
    <li className="member-row" data-username={user.username}>
      <span className="avatar" aria-hidden="true">
        {(user.firstname[0] ?? user.username[0] ?? '?').toUpperCase()}
      </span>
      <div className="member-row__text">
        <span className="member-row__name">{name}</span>
        {name !== user.username && <span className="member-row__mail">{user.username}</span>}
      </div>
      <div className="member-row__chips">
        <span className="chip">{role}</span>
      </div>
      {onRemove && (
        <div className="member-row__actions">
          <button type="button" className="icon-btn icon-btn--danger" aria-label={t('guidelines.coAuthors.removeFor', { name })} onClick={onRemove}>
            <Icon name="trash" size={18} />
          </button>
        </div>
      )}
    </li>
  );
}

/** Author and co-authors; adding, removing and transferring authorship when the caller may manage authors. */
export function CoAuthorsTab({ info }: { info: GuidelineInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const manage = info.abilities.manageAuthors;
  const add = useAddGuidelineCoAuthors(info.id);
  const remove = useRemoveGuidelineCoAuthors(info.id);
  const transfer = useSetGuidelineAuthor(info.id);
  const [removing, setRemoving] = useState<User | null>(null);
  const [newAuthor, setNewAuthor] = useState<{ id: number; name: string } | null>(null);
  const people = useMemo(() => new Set([info.author.id, ...info.coAuthors.map((c) => c.id)]), [info]);
  const authorOnly = useMemo(() => new Set([info.author.id]), [info]);

  return (
    <div className="stack">
      <section className="card" aria-labelledby="coauthors-heading">
        <h2 id="coauthors-heading" className="card__title card__title--gap">
          {t('guidelines.coAuthors.title')}
          <span className="card__count">{info.coAuthors.length + 1}</span>
        </h2>
        <ul className="member-rows">
          <PersonRow user={info.author} role={t('guidelines.role.author')} />
          {info.coAuthors.map((c) => (
            <PersonRow
              key={c.id}
              user={c}
              role={t('guidelines.role.coAuthor')}
              onRemove={
                manage
                  ? () => {
                      remove.reset();
                      setRemoving(c);
                    }
                  : undefined
              }
            />
          ))}
        </ul>
        {manage && (
          <div className="stack stack--tight">
            <UserPicker
              label={t('guidelines.coAuthors.add')}
              excludeIds={people}
              disabled={add.isPending}
              onPick={(user) => add.mutate([user.id], { onSuccess: () => showSnackbar(t('guidelines.coAuthors.added', { name: displayName(user) })) })}
            />
            {add.error && (
              <p className="form-error" role="alert">
                {apiErrorText(add.error, t)}
              </p>
            )}
          </div>
        )}
        {!manage && <p className="card__text">{t('guidelines.coAuthors.readOnly')}</p>}
      </section>
      {manage && (
        <section className="card" aria-labelledby="transfer-heading">
          <h2 id="transfer-heading" className="card__title">
            {t('guidelines.coAuthors.transferTitle')}
          </h2>
          <p className="card__text">{t('guidelines.coAuthors.transferText')}</p>
          <UserPicker
            label={t('guidelines.coAuthors.newAuthor')}
            excludeIds={authorOnly}
            disabled={transfer.isPending}
            onPick={(user) => {
              transfer.reset();
              setNewAuthor({ id: user.id, name: displayName(user) });
            }}
          />
        </section>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => {
          if (!o) setRemoving(null);
        }}
        title={t('guidelines.coAuthors.removeTitle')}
        description={t('guidelines.coAuthors.removeText', { name: removing ? displayName(removing) : '' })}
        confirmLabel={t('guidelines.coAuthors.remove')}
        pending={remove.isPending}
        error={apiErrorText(remove.error, t)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate([removing.id], {
            onSuccess: () => {
              showSnackbar(t('guidelines.coAuthors.removed', { name: displayName(removing) }));
              setRemoving(null);
            },
          });
        }}
      />
      <ConfirmDialog
        open={newAuthor !== null}
        onOpenChange={(o) => {
          if (!o) setNewAuthor(null);
        }}
        title={t('guidelines.coAuthors.transferConfirmTitle')}
        description={t('guidelines.coAuthors.transferConfirmText', { name: newAuthor?.name ?? '' })}
        confirmLabel={t('guidelines.coAuthors.transfer')}
        pending={transfer.isPending}
        error={apiErrorText(transfer.error, t)}
        onConfirm={() => {
          if (!newAuthor) return;
          transfer.mutate(newAuthor.id, {
            onSuccess: () => {
              showSnackbar(t('guidelines.coAuthors.transferred', { name: newAuthor.name }));
              setNewAuthor(null);
              // a former author who is neither co-author nor administrator no longer sees the guideline
              if (profile?.id === info.author.id) navigate('/guidelines');
            },
          });
        }}
      />
    </div>
  );
}
