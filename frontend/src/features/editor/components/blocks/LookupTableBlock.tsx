import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getNodeByKey, type NodeKey } from 'lexical';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupTable } from '@/components/LookupTable';
import { $isLookupTableNode } from '@/features/editor/nodes/LookupTableNode';
import { LookupTableDialog } from '../dialogs/LookupTableDialog';
import { BlockFrame } from './BlockFrame';

/** A lookup table in the text, rendered as readers see it. */
export function LookupTableBlock({ nodeKey, scale, data }: { nodeKey: NodeKey; scale: unknown; data: unknown }) {
  const { t } = useTranslation();
  const [editor] = useLexicalComposerContext();
  const [open, setOpen] = useState(false);
  return (
    <BlockFrame nodeKey={nodeKey} label={t('editor.lookupTable.label')} onEdit={() => setOpen(true)} className="ed-block-frame--wide">
      <LookupTable scale={scale} data={data} />
      <LookupTableDialog
        open={open}
        onOpenChange={setOpen}
        initial={{ scale, data }}
        onSubmit={(s, d) =>
          editor.update(() => {
            const node = $getNodeByKey(nodeKey);
            if ($isLookupTableNode(node)) node.setTable(s, d);
          })
        }
      />
    </BlockFrame>
  );
}
