import type { NodeKey } from 'lexical';
import { useTranslation } from 'react-i18next';
import { EditorIcon } from '@/components/richtext/EditorIcon';
import { BlockFrame } from './BlockFrame';

/**
 * A video in the text. Uploaded files play here; embedded players are shown as a card with
 * their address (loading the player while writing would contact YouTube or Vimeo for nothing).
 */
export function VideoBlock({ nodeKey, kind, src, label }: { nodeKey: NodeKey; kind: 'file' | 'embed'; src: string; label: string }) {
  const { t } = useTranslation();
  const provider = src.includes('vimeo') ? 'Vimeo' : 'YouTube';
  return (
    <BlockFrame nodeKey={nodeKey} label={kind === 'file' ? t('editor.video.fileLabel', { name: label }) : t('editor.video.embedLabel', { provider })}>
      {kind === 'file' ? (
        <video className="ed-video" src={src} controls preload="metadata" />
      ) : (
        <div className="ed-embed">
          <EditorIcon name="video" size={28} />
          <div>
            <p className="ed-embed__title">{t('editor.video.embedLabel', { provider })}</p>
            <p className="ed-embed__src">{label || src}</p>
          </div>
        </div>
      )}
    </BlockFrame>
  );
}
