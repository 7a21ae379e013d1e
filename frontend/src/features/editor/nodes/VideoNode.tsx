import {
  $applyNodeReplacement,
  $getDocument,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { JSX } from 'react';
import { VideoBlock } from '../components/blocks/VideoBlock';
import { isEmbedSrc, isMediaSrc } from '@/components/richtext/links';

/**
 * A video: an uploaded mp4/webm file played by the browser (`file`), or a YouTube/Vimeo
 * player embedded from its privacy-friendly address (`embed`).
 */
export interface VideoPayload {
  kind: 'file' | 'embed';
  src: string;
  /** the file name or the address the author pasted, to show in the editor */
  label: string;
}

export type SerializedVideoNode = Spread<VideoPayload, SerializedLexicalNode>;

/** A block video (exported as `<video src controls>` or a player `<iframe>`). */
export class VideoNode extends DecoratorNode<JSX.Element> {
  __kind: 'file' | 'embed';
  __src: string;
  __label: string;

  static getType(): string {
    return 'video';
  }

  static clone(node: VideoNode): VideoNode {
    return new VideoNode(node.__kind, node.__src, node.__label, node.__key);
  }

  static importJSON(json: Record<string, unknown>): VideoNode {
    return $createVideoNode({ kind: json.kind === 'embed' ? 'embed' : 'file', src: String(json.src ?? ''), label: typeof json.label === 'string' ? json.label : '' });
  }

  static importDOM(): DOMConversionMap {
    return {
      video: () => ({
        conversion: (dom) => {
          const src = dom.getAttribute('src') ?? dom.querySelector('source')?.getAttribute('src') ?? '';
          return { node: isMediaSrc(src) ? $createVideoNode({ kind: 'file', src, label: '' }) : null };
        },
        priority: 1,
      }),
      iframe: () => ({
        conversion: (dom) => {
          const src = dom.getAttribute('src') ?? '';
          return { node: isEmbedSrc(src) ? $createVideoNode({ kind: 'embed', src, label: src }) : null };
        },
        priority: 1,
      }),
    };
  }

  constructor(kind: 'file' | 'embed', src: string, label: string, key?: NodeKey) {
    super(key);
    this.__kind = kind;
    this.__src = src;
    this.__label = label;
  }

  exportJSON(): SerializedVideoNode {
    return { type: 'video', version: 1, kind: this.__kind, src: this.__src, label: this.__label };
  }

  exportDOM(): DOMExportOutput {
    const doc = $getDocument();
    const el = doc.createElement(this.__kind === 'embed' ? 'iframe' : 'video');
    el.setAttribute('src', this.__src);
    if (this.__kind === 'file') el.setAttribute('controls', '');
    return { element: el };
  }

  createDOM(): HTMLElement {
    const div = $getDocument().createElement('div');
    div.className = 'ed-block';
    div.contentEditable = 'false';
    return div;
  }

  updateDOM(): false {
    return false;
  }

  isInline(): false {
    return false;
  }

  getPayload(): VideoPayload {
    const self = this.getLatest();
    return { kind: self.__kind, src: self.__src, label: self.__label };
  }

  decorate(): JSX.Element {
    return <VideoBlock nodeKey={this.__key} kind={this.__kind} src={this.__src} label={this.__label} />;
  }
}

export function $createVideoNode(payload: VideoPayload): VideoNode {
  return $applyNodeReplacement(new VideoNode(payload.kind, payload.src, payload.label));
}

export function $isVideoNode(node: LexicalNode | null | undefined): node is VideoNode {
  return node instanceof VideoNode;
}
