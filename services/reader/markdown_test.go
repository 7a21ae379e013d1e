package reader

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestHTMLToMarkdown(t *testing.T) {
	for _, tc := range []struct {
		name, html, want string
	}{
		{"paragraphs and emphasis", `<p>Eine <strong>fette</strong> und <em>schräge</em> Zeile</p><p>Zwei</p>`,
			"Eine **fette** und *schräge* Zeile\n\nZwei\n\n"},
		{"headings below the section", `<h2>Dosierung</h2><h3>Kinder</h3>`, "#### Dosierung\n\n##### Kinder\n\n"},
		{"markup characters are escaped", `<p>5 * 3 [mg] _x_ #1</p>`, "5 \\* 3 \\[mg\\] \\_x\\_ \\#1\n\n"},
		{"links and images", `<p><a href="https://example.org/a b">Quelle</a> <img src="/img.png" alt="Bild"></p>`,
			"[Quelle](https://example.org/a%20b) ![Bild](/img.png)\n\n"},
		{"nested lists", `<ul><li>eins<ul><li>a</li></ul></li><li>zwei</li></ul><ol start="3"><li>drei</li><li>vier</li></ol>`,
			"- eins\n   - a\n- zwei\n\n3. drei\n4. vier\n\n"},
		{"tables", `<table><thead><tr><th>Dosis</th><th>Alter</th></tr></thead><tbody><tr><td>5 | 6 mg</td><td>1</td></tr></tbody></table>`,
			"| Dosis | Alter |\n| --- | --- |\n| 5 \\| 6 mg | 1 |\n\n"},
		{"footnotes with the section's prefix",
			`<p>Siehe<sup data-footnote-ref="fn1" id="ref-fn1"><a href="#fn1">1</a></sup></p><section data-footnotes=""><ol><li id="fn1">Quelle: SGAIM</li></ol></section>`,
			"Siehe[^d7-fn1]\n\n[^d7-fn1]: Quelle: SGAIM\n\n"},
		{"lookup tables keep their column order",
			`<div data-lookup-table="" data-scale='{"label":"Gewicht","values":["5 kg","10 kg"]}' data-data='{"Z":{"Sirup":["2 ml","4 ml"],"Supp":[80]},"A":["1 ml"]}'></div>`,
			"| Gewicht | Z / Sirup | Z / Supp | A |\n| --- | --- | --- | --- |\n| 5 kg | 2 ml | 80 | 1 ml |\n| 10 kg | 4 ml |  |  |\n\n"},
		{"code, quotes and rules", `<blockquote><p>Zitat</p></blockquote><hr><pre>a  b</pre>`,
			"> Zitat\n\n---\n\n```\na  b\n```\n\n"},
		{"line breaks", `<p>a<br>b</p>`, "a\\\nb\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, HTMLToMarkdown(tc.html, "d7-"))
		})
	}
}

func TestGuidelineMarkdown(t *testing.T) {
	g := Guideline{Title: "Sepsis", Description: "Erwachsene", Details: []Detail{
		{ID: 1, Title: "A", Content: `<p>x<sup data-footnote-ref="fn1"><a href="#fn1">1</a></sup></p><section data-footnotes=""><ol><li id="fn1">eins</li></ol></section>`},
		{ID: 2, Title: "B", Content: `<p>y<sup data-footnote-ref="fn1"><a href="#fn1">1</a></sup></p><section data-footnotes=""><ol><li id="fn1">zwei</li></ol></section>`},
		{ID: 3, Title: "C", Extern: &ExternText{Available: true, Content: "<p>geliehen</p>"}},
	}}
	assert.Equal(t, "# Sepsis\n\nErwachsene\n\n## A\n\nx[^d1-fn1]\n\n[^d1-fn1]: eins\n\n## B\n\ny[^d2-fn1]\n\n[^d2-fn1]: zwei\n\n## C\n\ngeliehen\n",
		GuidelineMarkdown(g))
}
