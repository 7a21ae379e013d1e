import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { apiErrorText } from '@/lib/apiErrors';
import type { Document, Info as GuidelineInfo } from '@/lib/api-types.gen';
import { formatDate } from '@/lib/dates';
import { useCreateDocument } from '@/lib/endpoints/createDocument';
import { useUploadFile } from '@/lib/endpoints/uploadFile';
import { showSnackbar } from '@/lib/snackbar';
import { useDeleteDocument } from '../api/deleteDocument';
import { useDocuments } from '../api/getDocuments';
import { useUpdateDocument } from '../api/updateDocument';

const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'video/mp4': 'MP4',
  'video/webm': 'WebM',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
};

/** A short name of the file type: PDF, PNG …, otherwise the media type itself. */
export const fileType = (mime: string) => TYPE_LABELS[mime] ?? mime;

/** File size in kB below one megabyte, in MB above (decimal units, one decimal). */
export function fileSize(bytes: number, language: string): string {
  const fmt = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return bytes < 1_000_000 ? `${fmt.format(Math.max(bytes / 1000, 0.1))} kB` : `${fmt.format(bytes / 1_000_000)} MB`;
}

function RenameForm({ doc, pending, onSave, onCancel }: { doc: Document; pending: boolean; onSave: (name: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(doc.name);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) onSave(name.trim());
  };
  return (
    <form className="inline-form" onSubmit={handleSubmit} noValidate>
      <input
        className="input"
        aria-label={t('guidelines.documents.nameFor', { name: doc.name })}
        value={name}
        autoFocus
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
        }}
      />
      <button type="submit" className="btn btn--primary btn--small" disabled={pending || !name.trim()}>
        {t('common.save')}
      </button>
      <button type="button" className="btn btn--small" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </form>
  );
}

/** Files of the guideline: list, and for authors upload, rename, archive and delete. */
export function DocumentsTab({ info }: { info: GuidelineInfo }) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const canEdit = info.abilities.edit;
  const docs = useDocuments(info.id);
  const upload = useUploadFile();
  const register = useCreateDocument();
  const update = useUpdateDocument(info.id);
  const remove = useDeleteDocument(info.id);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Document | null>(null);
  const uploadError = upload.error ?? register.error;

  const handleFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    upload.reset();
    register.reset();
    try {
      const blob = await upload.mutateAsync(file);
      const name = blob.name || file.name;
      await register.mutateAsync({ hash: blob.hash, name, guidelineId: info.id });
      showSnackbar(t('guidelines.documents.uploaded', { name }));
    } catch {
      // shown below from the mutation's error
    }
  };

  if (docs.isError) return <QueryErrorPage error={docs.error} />;
  const uploading = upload.isPending || register.isPending;

  return (
    <section className="card" aria-labelledby="documents-heading">
      <h2 id="documents-heading" className="card__title card__title--gap">
        {t('guidelines.tabs.documents')}
        {docs.data && <span className="card__count">{docs.data.length}</span>}
      </h2>
      {canEdit && (
        <div className="stack stack--tight">
          <div>
            <input ref={fileInput} id={inputId} type="file" aria-label={t('guidelines.documents.upload')} className="visually-hidden" onChange={handleFile} disabled={uploading} />
            <button type="button" className="btn btn--primary" disabled={uploading} onClick={() => fileInput.current?.click()}>
              <Icon name="upload" size={18} />
              {uploading ? t('guidelines.documents.uploading') : t('guidelines.documents.upload')}
            </button>
          </div>
          {uploadError && (
            <p className="form-error" role="alert">
              {apiErrorText(uploadError, t)}
            </p>
          )}
        </div>
      )}
      {docs.isPending ? (
        <Loader />
      ) : docs.data.length === 0 ? (
        <div className="empty-state">
          <Icon name="fileText" size={28} />
          <p className="empty-state__title">{t('common.noItems')}</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table rtable">
            <thead>
              <tr>
                <th scope="col">{t('guidelines.documents.name')}</th>
                <th scope="col">{t('guidelines.documents.type')}</th>
                <th scope="col">{t('guidelines.documents.size')}</th>
                <th scope="col">{t('guidelines.documents.date')}</th>
                {canEdit && <th scope="col">{t('common.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {docs.data.map((d) => (
                <tr key={d.id} data-document-id={d.id}>
                  <td>
                    {renaming === d.id ? (
                      <RenameForm
                        doc={d}
                        pending={update.isPending}
                        onCancel={() => setRenaming(null)}
                        onSave={(name) => update.mutate({ id: d.id, name, archived: d.archived }, { onSuccess: () => setRenaming(null) })}
                      />
                    ) : (
                      <>
                        <a href={d.url} target="_blank" rel="noopener noreferrer">
                          {d.name}
                        </a>
                        {d.archived && <span className="chip">{t('guidelines.documents.archived')}</span>}
                      </>
                    )}
                  </td>
                  <td>{fileType(d.mime)}</td>
                  <td>{fileSize(d.length, i18n.language)}</td>
                  <td>
                    <time dateTime={d.timestamp}>{formatDate(d.timestamp, i18n.language)}</time>
                  </td>
                  {canEdit && (
                    <td>
                      <div className="member-row__actions">
                        <button
                          type="button"
                          className="icon-btn"
                          aria-label={t('guidelines.documents.renameFor', { name: d.name })}
                          onClick={() => {
                            update.reset();
                            setRenaming(d.id);
                          }}
                        >
                          <Icon name="edit" size={18} />
                        </button>
                        <button
                          type="button"
                          className="icon-btn"
                          aria-label={t(d.archived ? 'guidelines.documents.restoreFor' : 'guidelines.documents.archiveFor', { name: d.name })}
                          disabled={update.isPending}
                          onClick={() => update.mutate({ id: d.id, name: d.name, archived: !d.archived })}
                        >
                          <Icon name={d.archived ? 'refresh' : 'archive'} size={18} />
                        </button>
                        <button
                          type="button"
                          className="icon-btn icon-btn--danger"
                          aria-label={t('guidelines.documents.deleteFor', { name: d.name })}
                          onClick={() => {
                            remove.reset();
                            setDeleting(d);
                          }}
                        >
                          <Icon name="trash" size={18} />
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {update.error && (
        <p className="form-error" role="alert">
          {apiErrorText(update.error, t)}
        </p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => {
          if (!o) setDeleting(null);
        }}
        title={t('guidelines.documents.deleteTitle')}
        description={t('guidelines.documents.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        error={apiErrorText(remove.error, t)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showSnackbar(t('guidelines.documents.deleted', { name: deleting.name }));
              setDeleting(null);
            },
          });
        }}
      />
    </section>
  );
}
