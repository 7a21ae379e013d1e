import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalEditable } from '@lexical/react/useLexicalEditable';
import { $getNodeByKey, type NodeKey } from 'lexical';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorIcon } from '@/components/richtext/EditorIcon';

/** Frame of a block element (image, video, lookup table) with its edit and remove buttons. */
export function BlockFrame({ nodeKey, label, onEdit, children, className }: { nodeKey: NodeKey; label: string; onEdit?: () => void; children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const [editor] = useLexicalComposerContext();
  const editable = useLexicalEditable();
  return (
    <div className={`ed-block-frame ${className ?? ''}`} role="group" aria-label={label}>
      {editable && (
        <div className="ed-block-frame__actions">
          {onEdit && (
            <button type="button" className="icon-btn ed-block-frame__btn" aria-label={t('editor.block.edit', { what: label })} title={t('common.edit')} onClick={onEdit}>
              <EditorIcon name="pencil" />
            </button>
          )}
          <button
            type="button"
            className="icon-btn ed-block-frame__btn"
            aria-label={t('editor.block.remove', { what: label })}
            title={t('common.delete')}
            onClick={() => editor.update(() => $getNodeByKey(nodeKey)?.remove())}
          >
            <EditorIcon name="trash" />
          </button>
        </div>
      )}
      {children}
    </div>
  );
}
