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
import { readLookupTableElement } from '@/components/LookupTable';
import { LookupTableBlock } from '../components/blocks/LookupTableBlock';

export type SerializedLookupTableNode = Spread<{ scale: unknown; data: unknown }, SerializedLexicalNode>;

/**
 * A lookup table element (spec §2) holding the JSON attributes `scale` and `data` (shape in
 * components/LookupTable.tsx); exported as `<div data-lookup-table="" data-scale data-data>`.
 */
export class LookupTableNode extends DecoratorNode<JSX.Element> {
  __scale: unknown;
  __data: unknown;

  static getType(): string {
    return 'lookup-table';
  }

  static clone(node: LookupTableNode): LookupTableNode {
    return new LookupTableNode(node.__scale, node.__data, node.__key);
  }

  static importJSON(json: Record<string, unknown>): LookupTableNode {
    return $createLookupTableNode(json.scale, json.data);
  }

  static importDOM(): DOMConversionMap {
    return {
      div: (dom) => {
        if (!dom.hasAttribute('data-lookup-table')) return null;
        return {
          conversion: () => {
            const { scale, data } = readLookupTableElement(dom);
            return { node: $createLookupTableNode(scale, data) };
          },
          priority: 2,
        };
      },
    };
  }

  constructor(scale: unknown, data: unknown, key?: NodeKey) {
    super(key);
    this.__scale = scale;
    this.__data = data;
  }

  exportJSON(): SerializedLookupTableNode {
    return { type: 'lookup-table', version: 1, scale: this.__scale, data: this.__data };
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

  getScale(): unknown {
    return this.getLatest().__scale;
  }

  getData(): unknown {
    return this.getLatest().__data;
  }

  setTable(scale: unknown, data: unknown): this {
    const self = this.getWritable();
    self.__scale = scale;
    self.__data = data;
    return self;
  }

  decorate(): JSX.Element {
    return <LookupTableBlock nodeKey={this.__key} scale={this.__scale} data={this.__data} />;
  }
}

export function $createLookupTableNode(scale: unknown, data: unknown): LookupTableNode {
  return $applyNodeReplacement(new LookupTableNode(scale, data));
}

export function $isLookupTableNode(node: LexicalNode | null | undefined): node is LookupTableNode {
  return node instanceof LookupTableNode;
}
