import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DialogCancel, FormDialog } from '@/components/FormDialog';
import { Loader } from '@/components/Loader';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import { useDeleteSpace } from '../api/deleteSpace';
import { useSpaceById } from '../api/getSpaceById';
import { useMigrateSpace } from '../api/migrateSpace';
import { useMoveSpace } from '../api/moveSpace';
import { useResumeSpace } from '../api/resumeSpace';
import { useSuspendSpace } from '../api/suspendSpace';
import type { ConsoleSpace, SpaceOperation } from '../types';
import { PlacementFields, type Place } from './PlacementFields';
import { SpaceEditorDialog } from './SpaceEditorDialog';
import type { SpaceAction } from './SpaceActionsMenu';

export interface PendingAction {
  action: SpaceAction;
  space: ConsoleSpace;
}

interface ConsoleDialogsProps {
  /** the action chosen in a row's menu; null when no dialog is open */
  pending: PendingAction | null;
  latestSchemaVersion: number;
  onClose: () => void;
  /** a move or migration started */
  onStarted: (operation: SpaceOperation) => void;
  /** where focus goes when a dialog closes */
  onCloseAutoFocus: (event: Event) => void;
}

/** The dialog of the chosen action: the editor, a confirmation or the move form. */
export function ConsoleDialogs({ pending, latestSchemaVersion, onClose, onStarted, onCloseAutoFocus }: ConsoleDialogsProps) {
  const action = pending?.action;
  return (
    <>
      <EditDialog space={action === 'edit' ? (pending?.space ?? null) : null} onClose={onClose} onCloseAutoFocus={onCloseAutoFocus} />
      <SuspendDialog pending={action === 'suspend' || action === 'resume' ? pending : null} onClose={onClose} onCloseAutoFocus={onCloseAutoFocus} />
      <MigrateDialog
        space={action === 'migrate' ? (pending?.space ?? null) : null}
        latestSchemaVersion={latestSchemaVersion}
        onClose={onClose}
        onStarted={onStarted}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <MoveDialog space={action === 'move' ? (pending?.space ?? null) : null} onClose={onClose} onStarted={onStarted} onCloseAutoFocus={onCloseAutoFocus} />
      <DeleteDialog space={action === 'delete' ? (pending?.space ?? null) : null} onClose={onClose} onCloseAutoFocus={onCloseAutoFocus} />
    </>
  );
}

interface DialogProps {
  space: ConsoleSpace | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** The existing space editor, with the space's full settings asked for first. */
function EditDialog({ space, onClose, onCloseAutoFocus }: DialogProps) {
  const { t } = useTranslation();
  const full = useSpaceById(space?.id ?? null);
  if (space && full.data) {
    return <SpaceEditorDialog space={full.data} open onOpenChange={(open) => !open && onClose()} onCloseAutoFocus={onCloseAutoFocus} />;
  }
  return (
    <FormDialog open={space !== null} onOpenChange={(open) => !open && onClose()} title={space ? t('admin.editSpace', { title: space.title }) : ''}>
      {full.isError ? (
        <p className="form-error" role="alert">
          {apiErrorText(full.error, t)}
        </p>
      ) : (
        <Loader />
      )}
    </FormDialog>
  );
}

function SuspendDialog({ pending, onClose, onCloseAutoFocus }: { pending: PendingAction | null; onClose: () => void; onCloseAutoFocus: (event: Event) => void }) {
  const { t } = useTranslation();
  const suspend = useSuspendSpace();
  const resume = useResumeSpace();
  const resuming = pending?.action === 'resume';
  const mutation = resuming ? resume : suspend;
  const title = pending?.space.title ?? '';
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (open) return;
        onClose();
        suspend.reset();
        resume.reset();
      }}
      title={resuming ? t('console.resume.title', { title }) : t('console.suspend.title', { title })}
      description={resuming ? t('console.resume.text') : t('console.suspend.text')}
      confirmLabel={resuming ? t('console.actions.resume') : t('console.actions.suspend')}
      pending={mutation.isPending}
      error={apiErrorText(mutation.error, t)}
      onCloseAutoFocus={onCloseAutoFocus}
      onConfirm={() => {
        if (!pending) return;
        mutation.mutate(pending.space.id, {
          onSuccess: () => {
            showSnackbar(resuming ? t('console.resume.done', { title }) : t('console.suspend.done', { title }));
            onClose();
          },
        });
      }}
    />
  );
}

function MigrateDialog({
  space,
  latestSchemaVersion,
  onClose,
  onStarted,
  onCloseAutoFocus,
}: DialogProps & { latestSchemaVersion: number; onStarted: (operation: SpaceOperation) => void }) {
  const { t } = useTranslation();
  const migrate = useMigrateSpace();
  return (
    <ConfirmDialog
      open={space !== null}
      onOpenChange={(open) => {
        if (open) return;
        onClose();
        migrate.reset();
      }}
      title={t('console.migrate.title', { title: space?.title ?? '' })}
      description={t('console.migrate.text', { from: space?.schemaVersion ?? 0, to: latestSchemaVersion })}
      confirmLabel={t('console.actions.migrate')}
      pending={migrate.isPending}
      error={apiErrorText(migrate.error, t)}
      onCloseAutoFocus={onCloseAutoFocus}
      onConfirm={() => {
        if (!space) return;
        migrate.mutate(space.id, {
          onSuccess: (op) => {
            onStarted(op);
            onClose();
          },
        });
      }}
    />
  );
}

function DeleteDialog({ space, onClose, onCloseAutoFocus }: DialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteSpace();
  return (
    <ConfirmDialog
      open={space !== null}
      onOpenChange={(open) => {
        if (open) return;
        onClose();
        remove.reset();
      }}
      title={t('admin.deleteTitle')}
      description={t('admin.deleteText', { title: space?.title ?? '' })}
      confirmLabel={t('common.delete')}
      pending={remove.isPending}
      error={apiErrorText(remove.error, t)}
      onCloseAutoFocus={onCloseAutoFocus}
      onConfirm={() => {
        if (!space) return;
        remove.mutate(space.id, {
          onSuccess: () => {
            showSnackbar(t('admin.deleted', { title: space.title }));
            onClose();
          },
        });
      }}
    />
  );
}

function MoveDialog({ space, onClose, onStarted, onCloseAutoFocus }: DialogProps & { onStarted: (operation: SpaceOperation) => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={space !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('console.move.title', { title: space?.title ?? '' })}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {space && <MoveForm space={space} onDone={onClose} onStarted={onStarted} />}
    </FormDialog>
  );
}

function MoveForm({ space, onDone, onStarted }: { space: ConsoleSpace; onDone: () => void; onStarted: (operation: SpaceOperation) => void }) {
  const { t } = useTranslation();
  const move = useMoveSpace();
  const [place, setPlace] = useState<Place>({ cluster: space.cluster, placement: space.placement });
  const [error, setError] = useState<string | null>(null);
  const same = place.cluster === space.cluster && place.placement === space.placement;

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (same) {
      setError(t('space.samePlacement'));
      return;
    }
    setError(null);
    move.mutate(
      { id: space.id, ...place },
      {
        onSuccess: (op) => {
          onStarted(op);
          onDone();
        },
        onError: (err) => setError(apiErrorText(err, t)),
      },
    );
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <p className="dialog__lead">{t('console.move.current', { cluster: space.cluster, placement: t(`console.placement.${space.placement}Short`) })}</p>
      <PlacementFields
        value={place}
        onChange={(next) => {
          setPlace(next);
          setError(null);
        }}
      />
      <p className="notice notice--warning">{t('console.move.warning')}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <DialogCancel />
        <button type="submit" className="btn btn--primary" disabled={move.isPending}>
          {t('console.actions.move')}
        </button>
      </div>
    </form>
  );
}
