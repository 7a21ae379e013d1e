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
import { ImageBlock } from '../components/blocks/ImageBlock';

/** An image: an uploaded file (or any http/https or site address), its alt text and an optional width in px. */
export interface ImagePayload {
  src: string;
  alt: string;
  width?: number | null;
}

export type SerializedImageNode = Spread<{ src: string; alt: string; width: number | null }, SerializedLexicalNode>;

/** Largest width an author may give an image (px). */
export const MAX_IMAGE_WIDTH = 2000;

const widthOf = (value: string | null): number | null => {
  if (!value || !/^\d{1,4}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= MAX_IMAGE_WIDTH ? n : null;
};

/** A block image (exported as `<figure><img src alt width></figure>`). */
export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __alt: string;
  __width: number | null;

  static getType(): string {
    return 'image';
  }

  static clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__alt, node.__width, node.__key);
  }

  static importJSON(json: Record<string, unknown>): ImageNode {
    return $createImageNode({ src: String(json.src ?? ''), alt: typeof json.alt === 'string' ? json.alt : '', width: typeof json.width === 'number' ? json.width : null });
  }

  static importDOM(): DOMConversionMap {
    return {
      img: () => ({
        conversion: (dom) => {
          const src = dom.getAttribute('src');
          if (!src) return { node: null };
          return { node: $createImageNode({ src, alt: dom.getAttribute('alt') ?? '', width: widthOf(dom.getAttribute('width')) }) };
        },
        priority: 1,
      }),
      // the figure the editor writes around an image: one image block, not a paragraph
      figure: (dom) => {
        const img = dom.querySelector('img');
        const src = img?.getAttribute('src');
        if (!img || !src) return null;
        return {
          conversion: () => ({ node: $createImageNode({ src, alt: img.getAttribute('alt') ?? '', width: widthOf(img.getAttribute('width')) }), forChild: () => null }),
          priority: 2,
        };
      },
    };
  }

  constructor(src: string, alt: string, width: number | null, key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
    this.__width = width;
  }

  exportJSON(): SerializedImageNode {
    return { type: 'image', version: 1, src: this.__src, alt: this.__alt, width: this.__width };
  }

  exportDOM(): DOMExportOutput {
    const img = $getDocument().createElement('img');
    img.setAttribute('src', this.__src);
    img.setAttribute('alt', this.__alt);
    if (this.__width) img.setAttribute('width', String(this.__width));
    return { element: img };
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

  getPayload(): ImagePayload {
    const self = this.getLatest();
    return { src: self.__src, alt: self.__alt, width: self.__width };
  }

  setPayload(payload: ImagePayload): this {
    const self = this.getWritable();
    self.__src = payload.src;
    self.__alt = payload.alt;
    self.__width = payload.width ?? null;
    return self;
  }

  getTextContent(): string {
    return this.__alt;
  }

  decorate(): JSX.Element {
    return <ImageBlock nodeKey={this.__key} src={this.__src} alt={this.__alt} width={this.__width} />;
  }
}

export function $createImageNode(payload: ImagePayload): ImageNode {
  return $applyNodeReplacement(new ImageNode(payload.src, payload.alt, payload.width ?? null));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
