import { createHeadlessEditor } from '@lexical/headless';
import { $createLinkNode } from '@lexical/link';
import { $createListItemNode, $createListNode } from '@lexical/list';
import { $createHeadingNode } from '@lexical/rich-text';
import { $createTableNodeWithDimensions, $isTableCellNode, TableCellNode } from '@lexical/table';
import { $createLineBreakNode, $createParagraphNode, $createTextNode, $getRoot, type LexicalEditor, type TextFormatType, type TextNode } from 'lexical';
import { describe, expect, it } from 'vitest';
import { $insertBlockNodes } from '@/components/richtext/Toolbar';
import { $importSectionHtml, $loadSection, $sectionNodesFromHtml, editorNodes } from './editorConfig';
import { $exportSectionHtml, exportSectionHtml } from './html';
import { $createFootnoteNode } from './nodes/FootnoteNode';
import { $createImageNode } from './nodes/ImageNode';
import { $createLookupTableNode } from './nodes/LookupTableNode';
import { $createVideoNode } from './nodes/VideoNode';

function editor(): LexicalEditor {
  return createHeadlessEditor({
    namespace: 'test',
    nodes: editorNodes,
    onError: (e) => {
      throw e;
    },
  });
}

/** Builds a section in a headless editor and returns its HTML. */
function html(build: () => void): string {
  const e = editor();
  e.update(
    () => {
      $getRoot().clear();
      build();
    },
    { discrete: true },
  );
  return exportSectionHtml(e.getEditorState());
}

const text = (t: string, ...formats: TextFormatType[]) => {
  const node = $createTextNode(t);
  for (const f of formats) node.toggleFormat(f);
  return node;
};
const p = (...children: ReturnType<typeof $createTextNode>[]) => $createParagraphNode().append(...children);

describe('section HTML', () => {
  it('writes headings h2–h4 and paragraphs with alignment', () => {
    expect(
      html(() => {
        $getRoot().append(
          $createHeadingNode('h2').append(text('Dosierung')),
          $createHeadingNode('h3').append(text('Kinder')),
          $createHeadingNode('h4').append(text('< 12 J.')),
          p(text('Mitte')).setFormat('center'),
          p(text('rechts & links')).setFormat('justify'),
        );
      }),
    ).toBe('<h2>Dosierung</h2><h3>Kinder</h3><h4>&lt; 12 J.</h4><p style="text-align: center">Mitte</p><p style="text-align: justify">rechts &amp; links</p>');
  });

  it('maps h1, h5 and h6 from pasted text into h2–h4 and drops empty paragraphs', () => {
    expect(
      html(() => {
        $getRoot().append($createHeadingNode('h1').append(text('Eins')), $createParagraphNode(), $createHeadingNode('h6').append(text('Sechs')));
      }),
    ).toBe('<h2>Eins</h2><h4>Sechs</h4>');
  });

  it('writes text formats nested in a fixed order, and line breaks', () => {
    expect(
      html(() => {
        const para = p(text('Erwachsene: '), text('1 g', 'bold'), text(' i.v. '), text('alle 8 h', 'bold', 'italic'));
        para.append($createLineBreakNode(), text('H'), text('2', 'subscript'), text('O, m'), text('2', 'superscript'), text(' '), text('alt', 'strikethrough'), text(' '), text('neu', 'underline'));
        $getRoot().append(para);
      }),
    ).toBe(
      '<p>Erwachsene: <strong>1 g</strong> i.v. <strong><em>alle 8 h</em></strong><br>H<sub>2</sub>O, m<sup>2</sup> <s>alt</s> <u>neu</u></p>',
    );
  });

  it('writes bullet and numbered lists with nested lists inside their item', () => {
    expect(
      html(() => {
        const nested = $createListNode('bullet').append($createListItemNode().append(text('a')), $createListItemNode().append(text('b')));
        const ul = $createListNode('bullet').append($createListItemNode().append(text('eins')), $createListItemNode().append(nested), $createListItemNode().append(text('zwei')));
        const ol = $createListNode('number', 3).append($createListItemNode().append(text('drei')));
        $getRoot().append(ul, ol);
      }),
    ).toBe('<ul><li>eins<ul><li>a</li><li>b</li></ul></li><li>zwei</li></ul><ol start="3"><li>drei</li></ol>');
  });

  it('writes links to web, mail, phone, files and site paths, and drops unsafe ones', () => {
    expect(
      html(() => {
        $getRoot().append(
          p(
            $createLinkNode('https://www.sgaim.ch/').append(text('SGAIM')) as never,
            text(' '),
            $createLinkNode('mailto:apotheke@kssg.ch').append(text('Apotheke')) as never,
            text(' '),
            $createLinkNode('tel:+41 71 494 11 11').append(text('Tel')) as never,
            text(' '),
            $createLinkNode('/api/common/get/document/abc').append(text('PDF')) as never,
            text(' '),
            $createLinkNode('/guideline/12/de/5').append(text('intern')) as never,
            text(' '),
            $createLinkNode('javascript:alert(1)').append(text('böse')) as never,
          ),
        );
      }),
    ).toBe(
      '<p><a href="https://www.sgaim.ch/" target="_blank" rel="noreferrer noopener">SGAIM</a> <a href="mailto:apotheke@kssg.ch">Apotheke</a> <a href="tel:+41714941111">Tel</a> <a href="/api/common/get/document/abc">PDF</a> <a href="/guideline/12/de/5">intern</a> böse</p>',
    );
  });

  it('numbers footnote references and collects their texts at the end of the section', () => {
    expect(
      html(() => {
        const first = p(text('Siehe'));
        first.append($createFootnoteNode('Quelle: SGAIM 2024'));
        const second = p(text('und'));
        second.append($createFootnoteNode('<Fachinformation> & Co.'), text(' Ende'));
        $getRoot().append(first, second);
      }),
    ).toBe(
      '<p>Siehe<sup data-footnote-ref="fn1" id="ref-fn1"><a href="#fn1">1</a></sup></p>' +
        '<p>und<sup data-footnote-ref="fn2" id="ref-fn2"><a href="#fn2">2</a></sup> Ende</p>' +
        '<section data-footnotes=""><ol><li id="fn1">Quelle: SGAIM 2024</li><li id="fn2">&lt;Fachinformation&gt; &amp; Co.</li></ol></section>',
    );
  });

  it('writes images as figures with alt text and optional width', () => {
    expect(
      html(() => {
        $getRoot().append(
          $createImageNode({ src: '/api/common/get/document/abc123', alt: 'Schema "A"', width: 640 }),
          $createImageNode({ src: '/api/common/get/document/def', alt: '' }),
        );
      }),
    ).toBe('<figure><img src="/api/common/get/document/abc123" alt="Schema &#34;A&#34;" width="640"></figure><figure><img src="/api/common/get/document/def" alt=""></figure>');
  });

  it('writes uploaded videos with controls and players as privacy-friendly iframes', () => {
    expect(
      html(() => {
        $getRoot().append(
          $createVideoNode({ kind: 'file', src: '/api/common/get/document/v1', label: 'film.mp4' }),
          $createVideoNode({ kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', label: 'https://youtu.be/dQw4w9WgXcQ' }),
          $createVideoNode({ kind: 'embed', src: 'https://player.vimeo.com/video/76979871', label: '' }),
        );
      }),
    ).toBe(
      '<video src="/api/common/get/document/v1" controls=""></video>' +
        '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube" width="560" height="315" allowfullscreen=""></iframe>' +
        '<iframe src="https://player.vimeo.com/video/76979871" title="Vimeo" width="560" height="315" allowfullscreen=""></iframe>',
    );
  });

  it('writes tables with a header row, spans and cell alignment', () => {
    expect(
      html(() => {
        const table = $createTableNodeWithDimensions(3, 3, { rows: true, columns: false });
        const cells = collectCells(table);
        const labels = ['Alter', 'Dosis', 'Max', '< 12', '5 mg/kg', '1 g', '≥ 12', '1 g', '4 g'];
        cells.forEach((c, i) => {
          const para = c.getFirstChild();
          if (para && 'append' in para) (para as ReturnType<typeof $createParagraphNode>).append(text(labels[i], ...(i === 4 ? (['bold'] as TextFormatType[]) : [])));
        });
        (cells[5].getFirstChild() as ReturnType<typeof $createParagraphNode>).setFormat('right');
        $getRoot().append(table);
      }),
    ).toBe(
      '<table><thead><tr><th scope="col">Alter</th><th scope="col">Dosis</th><th scope="col">Max</th></tr></thead>' +
        '<tbody><tr><td>&lt; 12</td><td><strong>5 mg/kg</strong></td><td style="text-align: right">1 g</td></tr><tr><td>≥ 12</td><td>1 g</td><td>4 g</td></tr></tbody></table>',
    );
    expect(
      html(() => {
        const table = $createTableNodeWithDimensions(2, 2, false);
        const cells = collectCells(table);
        cells[0].setColSpan(2);
        cells[1].remove();
        $getRoot().append(table);
      }),
    ).toBe('<table><tbody><tr><td colspan="2"></td></tr><tr><td></td><td></td></tr></tbody></table>');
  });

  it('writes lookup tables as a div with JSON attributes', () => {
    expect(
      html(() => {
        $getRoot().append($createLookupTableNode({ label: 'Gewicht', values: ['10 kg'] }, { 'Sirup "forte"': ['1 ml'] }));
      }),
    ).toBe('<div data-lookup-table="" data-scale="{&#34;label&#34;:&#34;Gewicht&#34;,&#34;values&#34;:[&#34;10 kg&#34;]}" data-data="{&#34;Sirup \\&#34;forte\\&#34;&#34;:[&#34;1 ml&#34;]}"></div>');
  });

  it('escapes text as the server writes it', () => {
    expect(html(() => $getRoot().append(p(text(`Er sagt "Hallo" & it's <5 µg>`))))).toBe('<p>Er sagt &#34;Hallo&#34; &amp; it&#39;s &lt;5 µg&gt;</p>');
  });

  it('is empty for an empty section', () => {
    expect(html(() => $getRoot().append($createParagraphNode()))).toBe('');
  });
});

function collectCells(table: ReturnType<typeof $createTableNodeWithDimensions>): TableCellNode[] {
  return table.getChildren().flatMap((row) => (row as unknown as { getChildren: () => unknown[] }).getChildren().filter((c): c is TableCellNode => $isTableCellNode(c as never)));
}

describe('reading a section back', () => {
  const sample =
    '<h2>Dosierung</h2><p>Siehe<sup data-footnote-ref="fn1" id="ref-fn1"><a href="#fn1">1</a></sup> und <strong>fett</strong></p>' +
    '<ul><li>eins</li><li>zwei</li></ul>' +
    '<table><thead><tr><th scope="col">A</th><th scope="col">B</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>' +
    '<figure><img src="/api/common/get/document/abc" alt="Schema" width="320"></figure>' +
    '<div data-lookup-table="" data-scale="[&#34;5 kg&#34;]" data-data="{&#34;A&#34;:[&#34;1 ml&#34;]}"></div>' +
    '<section data-footnotes=""><ol><li id="fn1">Quelle</li></ol></section>';

  it('imports stored HTML (sections written without an editor state) to the same HTML', () => {
    const e = editor();
    e.update(() => $importSectionHtml(e, sample), { discrete: true });
    expect(e.getEditorState().read(() => $exportSectionHtml())).toBe(sample);
  });

  it('opens the editor state from rawContent and falls back to the HTML when it is not ours', () => {
    const e = editor();
    e.update(() => $importSectionHtml(e, sample), { discrete: true });
    const raw = JSON.stringify(e.getEditorState().toJSON());

    const again = editor();
    again.update(() => $loadSection(again, raw, '<p>ignored</p>'), { discrete: true });
    expect(exportSectionHtml(again.getEditorState())).toBe(sample);

    const fallback = editor();
    fallback.update(() => $loadSection(fallback, '{}', '<p>aus <em>HTML</em></p>'), { discrete: true });
    expect(exportSectionHtml(fallback.getEditorState())).toBe('<p>aus <em>HTML</em></p>');

    const broken = editor();
    broken.update(() => $loadSection(broken, '{"root":', ''), { discrete: true });
    expect(broken.getEditorState().read(() => $getRoot().getChildrenSize())).toBe(1);
  });

  it('inserts stored HTML (a template) at the caret as blocks of their own', () => {
    const template = '<h3>Vorgehen</h3><ul><li>eins</li></ul>';
    /** HTML and number of blocks after inserting the template where `place` put the caret. */
    const insertAt = (html: string, place: () => void) => {
      const e = editor();
      e.update(
        () => {
          $importSectionHtml(e, html);
          place();
          $insertBlockNodes($sectionNodesFromHtml(e, template));
        },
        { discrete: true },
      );
      return [exportSectionHtml(e.getEditorState()), e.getEditorState().read(() => $getRoot().getChildrenSize())];
    };
    // in the middle of a paragraph: split there
    expect(insertAt('<p>vorher nachher</p>', () => $getRoot().getFirstDescendant<TextNode>()?.select(7, 7))).toEqual([`<p>vorher </p>${template}<p>nachher</p>`, 4]);
    // at the end of the section, with a paragraph to write on after it
    expect(insertAt('<p>Text</p>', () => $getRoot().selectEnd())).toEqual([`<p>Text</p>${template}`, 4]);
    // an empty paragraph gives way
    const emptyBetween = () => {
      const empty = $createParagraphNode();
      $getRoot().append(empty, $createParagraphNode().append($createTextNode('unten')));
      empty.select();
    };
    expect(insertAt('<p>oben</p>', emptyBetween)).toEqual([`<p>oben</p>${template}<p>unten</p>`, 4]);
  });
});
