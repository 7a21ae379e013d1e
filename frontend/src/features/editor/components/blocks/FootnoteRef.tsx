import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalEditable } from '@lexical/react/useLexicalEditable';
import { $getNodeByKey, type NodeKey } from 'lexical';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $isFootnoteNode } from '@/features/editor/nodes/FootnoteNode';
import { FootnoteDialog } from '../dialogs/FootnoteDialog';
import { useFootnoteNumber } from '../FootnotePlugin';

/** A footnote reference in the text: its number; a click opens its text for editing. */
export function FootnoteRef({ nodeKey, text }: { nodeKey: NodeKey; text: string }) {
  const { t } = useTranslation();
  const [editor] = useLexicalComposerContext();
  const editable = useLexicalEditable();
  const n = useFootnoteNumber(nodeKey);
  const [open, setOpen] = useState(false);
  const label = t('editor.footnote.ref', { n, text });
  if (!editable) {
    return (
      <sup className="ed-footnote-ref" title={text} aria-label={label}>
        {n}
      </sup>
    );
  }
  return (
    <>
      <button type="button" className="ed-footnote-ref" title={text} aria-label={label} onClick={() => setOpen(true)}>
        <sup>{n}</sup>
      </button>
      <FootnoteDialog
        open={open}
        onOpenChange={setOpen}
        number={n}
        initialText={text}
        onSubmit={(next) =>
          editor.update(() => {
            const node = $getNodeByKey(nodeKey);
            if ($isFootnoteNode(node)) node.setText(next);
          })
        }
        onRemove={() => editor.update(() => $getNodeByKey(nodeKey)?.remove())}
      />
    </>
  );
}
