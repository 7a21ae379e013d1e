import type { LexicalEditor } from 'lexical';
import { memo, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportSectionHtml } from '../html';
import { LIMITS, type EditorSection } from '../sections';
import { SaveTemplateDialog } from './dialogs/SaveTemplateDialog';
import { EditorIcon } from '@/components/richtext/EditorIcon';
import { SectionEditor } from './SectionEditor';

interface SectionCardProps {
  section: EditorSection;
  index: number;
  count: number;
  /** remounts the editor (after a draft was restored) */
  generation: number;
  readOnly: boolean;
  active: boolean;
  error: string | null;
  onActivate: (key: string) => void;
  onTitle: (key: string, title: string) => void;
  onMove: (key: string, delta: number) => void;
  onDelete: (key: string) => void;
  onChange: (key: string) => void;
  onEditor: (key: string, editor: LexicalEditor | null) => void;
}

/** Ids of a section's controls, to move focus back to them after the section moved. */
export const sectionControlId = (key: string, control: 'up' | 'down' | 'title') => `ed-${control}-${key}`;

/** One section: its title, its place in the order, and its text (or its reference to another guideline). */
export const SectionCard = memo(function SectionCard({
  section,
  index,
  count,
  generation,
  readOnly,
  active,
  error,
  onActivate,
  onTitle,
  onMove,
  onDelete,
  onChange,
  onEditor,
}: SectionCardProps) {
  const { t } = useTranslation();
  const n = index + 1;
  const { key } = section;
  const editorRef = useRef<LexicalEditor | null>(null);
  /** the section's HTML while the save-as-template dialog is open */
  const [templateHtml, setTemplateHtml] = useState<string | null>(null);
  const handleReady = useCallback(
    (editor: LexicalEditor | null) => {
      editorRef.current = editor;
      onEditor(key, editor);
    },
    [key, onEditor],
  );
  const handleSaveTemplate = () => {
    const editor = editorRef.current;
    setTemplateHtml(editor ? exportSectionHtml(editor.getEditorState()) : section.content);
  };
  const handleChange = useCallback(() => onChange(key), [key, onChange]);
  const handleFocus = useCallback(() => onActivate(key), [key, onActivate]);
  const headingId = `ed-heading-${key}`;

  return (
    <li className={`card ed-section${error ? ' has-error' : ''}`} aria-labelledby={headingId} data-section={n}>
      <div className="ed-section__head">
        <h3 id={headingId} className="ed-section__number">
          {t('editor.section.heading', { n })}
        </h3>
        {!readOnly && (
          <div className="ed-section__actions">
            {!section.extern && (
              <button type="button" className="icon-btn" aria-label={t('editor.templates.saveAction', { n })} title={t('editor.templates.saveTitle')} onClick={handleSaveTemplate}>
                <EditorIcon name="saveTemplate" />
              </button>
            )}
            <button
              type="button"
              id={sectionControlId(key, 'up')}
              className="icon-btn"
              aria-label={t('editor.section.moveUp', { n })}
              title={t('editor.section.moveUpShort')}
              disabled={index === 0}
              onClick={() => onMove(key, -1)}
            >
              <EditorIcon name="arrowUp" />
            </button>
            <button
              type="button"
              id={sectionControlId(key, 'down')}
              className="icon-btn"
              aria-label={t('editor.section.moveDown', { n })}
              title={t('editor.section.moveDownShort')}
              disabled={index === count - 1}
              onClick={() => onMove(key, 1)}
            >
              <EditorIcon name="arrowDown" />
            </button>
            <button type="button" className="icon-btn ed-danger" aria-label={t('editor.section.delete', { n })} title={t('common.delete')} onClick={() => onDelete(key)}>
              <EditorIcon name="trash" />
            </button>
          </div>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={sectionControlId(key, 'title')}>
          {t('editor.section.title')}
        </label>
        <input
          id={sectionControlId(key, 'title')}
          className="input ed-section__title"
          value={section.title}
          maxLength={LIMITS.title}
          readOnly={readOnly}
          onFocus={handleFocus}
          onChange={(e) => onTitle(key, e.target.value)}
        />
      </div>
      {section.extern ? (
        <p className="ed-extern">
          <EditorIcon name="reference" />
          <span>
            {t('editor.section.reference', { guideline: section.extern.guideline, language: section.extern.language.toUpperCase(), detail: section.extern.detail })}{' '}
            <Link to={`/guideline/${section.extern.guideline}/${section.extern.language}/${section.extern.detail}`}>{t('editor.section.openReference')}</Link>
          </span>
        </p>
      ) : (
        <SectionEditor
          key={generation}
          rawContent={section.rawContent}
          content={section.content}
          label={t('editor.section.content', { n })}
          toolbarLabel={t('editor.toolbar.label', { n })}
          readOnly={readOnly}
          active={active}
          onFocus={handleFocus}
          onChange={handleChange}
          onReady={handleReady}
        />
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <SaveTemplateDialog open={templateHtml !== null} onOpenChange={(open) => !open && setTemplateHtml(null)} number={n} initialTitle={section.title} content={templateHtml ?? ''} />
    </li>
  );
});
