import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DialogCancel, FormDialog } from '@/components/FormDialog';
import { Icon } from '@/components/Icon';
import { TextField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import type { Template } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { formatDate } from '@/lib/dates';
import { LANGUAGE_NAMES, isLanguage } from '@/lib/language';
import { showSnackbar } from '@/lib/snackbar';
import { useDeleteTemplate } from '@/features/editor/api/deleteTemplate';
import { useTemplates } from '@/features/editor/api/getTemplates';
import { useSaveTemplate } from '@/features/editor/api/saveTemplate';
import { useEditorPage } from '@/features/editor/EditorContext';
import { editorErrorText } from '@/features/editor/errors';
import { LIMITS } from '@/features/editor/sections';

export interface InsertTemplateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** puts the template's text where the cursor was when the dialog opened */
  onInsert: (template: Template) => void;
}

/**
 * Templates of the space for the editor's language: searched by title, previewed, and inserted
 * into the section at the cursor. Their writers and space admins rename and delete them here.
 */
export function InsertTemplateDialog({ open, onOpenChange, onInsert }: InsertTemplateDialogProps) {
  const { t } = useTranslation();
  const { language } = useEditorPage();
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={t('editor.templates.insertTitle')} description={t('editor.templates.insertLead', { language: isLanguage(language) ? LANGUAGE_NAMES[language] : language })} wide>
      <TemplatePicker
        language={language}
        onInsert={(template) => {
          onInsert(template);
          onOpenChange(false);
        }}
      />
    </FormDialog>
  );
}

function TemplatePicker({ language, onInsert }: { language: string; onInsert: (template: Template) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const templates = useTemplates(language);
  const remove = useDeleteTemplate();
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const deleted = useRef(false);
  const searchRef = useRef<HTMLInputElement>(null);

  const all = templates.data ?? [];
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle ? all.filter((tpl) => tpl.title.toLocaleLowerCase().includes(needle)) : all;
  const selected = shown.find((tpl) => tpl.id === selectedId) ?? shown[0] ?? null;
  const optionId = (tpl: Template) => `${id}-opt-${tpl.id}`;

  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (shown.length === 0) return;
      const at = selected ? shown.indexOf(selected) : -1;
      const next = shown[Math.max(0, Math.min(shown.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))];
      setSelectedId(next.id);
      // jsdom has no scrollIntoView
      document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (selected) onInsert(selected);
    }
  };

  const handleDelete = () => {
    if (!deleting) return;
    const { id: templateId, title } = deleting;
    remove.mutate(templateId, {
      onSuccess: () => {
        deleted.current = true;
        setDeleting(null);
        setSelectedId(null);
        showSnackbar(t('editor.templates.deleted', { title }));
      },
    });
  };

  let list;
  if (templates.isPending) list = <p className="ed-tpl__status">{t('common.loading')}</p>;
  else if (templates.isError)
    list = (
      <p className="form-error" role="alert">
        {editorErrorText(templates.error, t)}
      </p>
    );
  else if (shown.length === 0)
    list = (
      <div className="ed-tpl__status" role="status">
        <p className="ed-tpl__empty">{t('common.noItems')}</p>
        {all.length === 0 && <p>{t('editor.templates.noneYet')}</p>}
      </div>
    );

  return (
    <>
      <div className="search-box search-box--compact ed-tpl__search">
        <Icon name="search" size={18} />
        <label htmlFor={`${id}-search`} className="visually-hidden">
          {t('editor.templates.search')}
        </label>
        <input
          ref={searchRef}
          id={`${id}-search`}
          type="search"
          role="combobox"
          className="search-box__input"
          autoComplete="off"
          autoFocus
          placeholder={t('editor.templates.search')}
          aria-expanded={shown.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={selected ? optionId(selected) : undefined}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={handleKeyDown}
        />
      </div>
      <div className="ed-tpl">
        <div className="ed-tpl__list-wrap">
          {list}
          <ul id={`${id}-list`} role="listbox" aria-label={t('editor.templates.list')} className="ed-tpl__list" hidden={shown.length === 0}>
            {shown.map((tpl) => (
              <li
                key={tpl.id}
                id={optionId(tpl)}
                role="option"
                aria-selected={tpl === selected}
                className={`ed-tpl__option${tpl === selected ? ' is-selected' : ''}`}
                // keeps focus in the search box, which the arrow keys and Enter work from
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => setSelectedId(tpl.id)}
                onDoubleClick={() => onInsert(tpl)}
              >
                <span className="ed-tpl__name">{tpl.title}</span>
                <span className="ed-tpl__meta">{[tpl.createdByName, formatDate(tpl.updated, i18n.language)].filter(Boolean).join(' · ')}</span>
              </li>
            ))}
          </ul>
        </div>
        {selected && (
          <TemplatePreview
            key={selected.id}
            template={selected}
            onDelete={() => {
              remove.reset();
              setDeleting(selected);
            }}
          />
        )}
      </div>
      <div className="dialog__actions dialog__actions--sticky">
        <DialogCancel />
        <button type="button" className="btn btn--primary" disabled={!selected} onClick={() => selected && onInsert(selected)}>
          {t('editor.insert')}
        </button>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('editor.templates.deleteTitle')}
        description={t('editor.templates.deleteText', { title: deleting?.title ?? '' })}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        error={remove.isError ? editorErrorText(remove.error, t) : null}
        onConfirm={handleDelete}
        onCloseAutoFocus={(e) => {
          // the deleted template's buttons are gone: back to the search box
          if (!deleted.current) return;
          deleted.current = false;
          e.preventDefault();
          searchRef.current?.focus();
        }}
      />
    </>
  );
}

/** The selected template as readers would see it, with renaming and deleting for those who may. */
function TemplatePreview({ template, onDelete }: { template: Template; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const renameRef = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);

  useEffect(() => {
    // the form is gone after saving or cancelling: focus goes back to its button
    if (wasRenaming.current && !renaming) renameRef.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);

  return (
    <section className="ed-tpl__preview" aria-label={t('editor.templates.preview')}>
      {renaming ? (
        <RenameForm template={template} onDone={() => setRenaming(false)} />
      ) : (
        <div className="ed-tpl__head">
          <div className="ed-tpl__heading">
            <h3 className="ed-tpl__title">{template.title}</h3>
            <p className="ed-tpl__meta">
              {template.createdByName
                ? t('editor.templates.byline', { name: template.createdByName, date: formatDate(template.updated, i18n.language) })
                : t('editor.templates.changed', { date: formatDate(template.updated, i18n.language) })}
            </p>
          </div>
          {template.mayChange && (
            <div className="ed-tpl__actions">
              <button ref={renameRef} type="button" className="icon-btn" aria-label={t('editor.templates.rename', { title: template.title })} title={t('editor.templates.renameShort')} onClick={() => setRenaming(true)}>
                <Icon name="edit" size={18} />
              </button>
              <button type="button" className="icon-btn icon-btn--danger" aria-label={t('editor.templates.delete', { title: template.title })} title={t('common.delete')} onClick={onDelete}>
                <Icon name="trash" size={18} />
              </button>
            </div>
          )}
        </div>
      )}
      <div
        className="guideline-text__content ed-tpl__content"
        // scrolls when long: reachable with Tab to scroll with the keyboard
        tabIndex={0}
        role="region"
        aria-label={t('editor.templates.previewOf', { title: template.title })}
        // sanitised by the server when saved, as guideline sections are
        dangerouslySetInnerHTML={{ __html: template.content }}
      />
    </section>
  );
}

function RenameForm({ template, onDone }: { template: Template; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveTemplate();
  const [title, setTitle] = useState(template.title);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const next = title.trim();
    if (!next) {
      setError(t('validation.required'));
      return;
    }
    if (next === template.title) {
      onDone();
      return;
    }
    try {
      await save.mutateAsync({ id: template.id, title: next, language: template.language, content: template.content });
      showSnackbar(t('editor.templates.renamed', { title: next }));
      onDone();
    } catch (err) {
      setError(err instanceof ApiError && err.params.field === 'template.title' ? apiErrorText(err, t) : editorErrorText(err, t));
    }
  };

  return (
    <form className="ed-tpl__rename" onSubmit={(e) => void handleSubmit(e)} noValidate>
      <TextField
        label={t('editor.templates.newTitle')}
        name="title"
        value={title}
        autoFocus
        maxLength={LIMITS.title}
        error={error}
        onChange={(e) => {
          setTitle(e.target.value);
          setError(null);
        }}
      />
      <div className="ed-tpl__rename-actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary btn--small" disabled={save.isPending}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
