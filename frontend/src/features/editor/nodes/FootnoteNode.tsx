import {
  $applyNodeReplacement,
  $getDocument,
  DecoratorNode,
  type DOMConversionMap,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { JSX } from 'react';
import { FootnoteRef } from '../components/blocks/FootnoteRef';

export type SerializedFootnoteNode = Spread<{ text: string }, SerializedLexicalNode>;

/**
 * A footnote reference holding the footnote's text. References are numbered in the order of
 * the section; the texts are collected at the end of the section (see html.ts).
 */
export class FootnoteNode extends DecoratorNode<JSX.Element> {
  __text: string;

  static getType(): string {
    return 'footnote';
  }

  static clone(node: FootnoteNode): FootnoteNode {
    return new FootnoteNode(node.__text, node.__key);
  }

  static importJSON(json: Record<string, unknown>): FootnoteNode {
    return $createFootnoteNode(typeof json.text === 'string' ? json.text : '');
  }

  /** Stored HTML read back (when a section has no editor state): the text comes from the footnote list. */
  static importDOM(): DOMConversionMap {
    return {
      sup: (dom) => {
        const ref = dom.getAttribute('data-footnote-ref');
        if (!ref) return null;
        return {
          conversion: () => ({
            node: $createFootnoteNode(dom.getAttribute('data-footnote-text') ?? dom.ownerDocument.getElementById(ref)?.textContent?.trim() ?? ''),
            // the number inside is generated again on export
            forChild: () => null,
          }),
          priority: 2,
        };
      },
    };
  }

  constructor(text: string, key?: NodeKey) {
    super(key);
    this.__text = text;
  }

  exportJSON(): SerializedFootnoteNode {
    return { type: 'footnote', version: 1, text: this.__text };
  }

  createDOM(): HTMLElement {
    const span = $getDocument().createElement('span');
    span.className = 'ed-footnote';
    span.contentEditable = 'false';
    return span;
  }

  updateDOM(): false {
    return false;
  }

  isInline(): true {
    return true;
  }

  getText(): string {
    return this.getLatest().__text;
  }

  setText(text: string): this {
    const self = this.getWritable();
    self.__text = text;
    return self;
  }

  getTextContent(): string {
    return '';
  }

  decorate(): JSX.Element {
    return <FootnoteRef nodeKey={this.__key} text={this.__text} />;
  }
}

export function $createFootnoteNode(text: string): FootnoteNode {
  return $applyNodeReplacement(new FootnoteNode(text));
}

export function $isFootnoteNode(node: LexicalNode | null | undefined): node is FootnoteNode {
  return node instanceof FootnoteNode;
}
