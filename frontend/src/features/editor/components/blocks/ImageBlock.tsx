import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getNodeByKey, type NodeKey } from 'lexical';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $isImageNode } from '@/features/editor/nodes/ImageNode';
import { ImageDialog } from '../dialogs/ImageDialog';
import { BlockFrame } from './BlockFrame';

/** An image in the text, as readers see it. */
export function ImageBlock({ nodeKey, src, alt, width }: { nodeKey: NodeKey; src: string; alt: string; width: number | null }) {
  const { t } = useTranslation();
  const [editor] = useLexicalComposerContext();
  const [open, setOpen] = useState(false);
  return (
    <BlockFrame nodeKey={nodeKey} label={t('editor.image.label', { alt })} onEdit={() => setOpen(true)}>
      <figure className="ed-figure">
        <img src={src} alt={alt} width={width ?? undefined} />
      </figure>
      <ImageDialog
        open={open}
        onOpenChange={setOpen}
        initial={{ src, alt, width }}
        onSubmit={(payload) =>
          editor.update(() => {
            const node = $getNodeByKey(nodeKey);
            if ($isImageNode(node)) node.setPayload(payload);
          })
        }
      />
    </BlockFrame>
  );
}
