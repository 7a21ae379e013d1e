package search

import (
	"html"
	"strings"
	"unicode"

	nethtml "golang.org/x/net/html"
)

// Item is a word or a quoted phrase of a query.
type Item struct {
	Text   string
	Phrase bool
}

// maxItems bounds the words and phrases of a query that are looked for.
const maxItems = 12

// Parse splits a query into words and "quoted phrases"; punctuation separates words.
func Parse(q string) []Item {
	var out []Item
	for i, part := range strings.Split(q, `"`) {
		if i%2 == 1 {
			if w := words(part); len(w) > 1 {
				out = append(out, Item{Text: strings.Join(w, " "), Phrase: true})
				continue
			}
		}
		for _, w := range words(part) {
			out = append(out, Item{Text: w})
		}
	}
	if len(out) > maxItems {
		out = out[:maxItems]
	}
	return out
}

func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// umlauts spells umlauts out and back: a German word is found whichever way it was written.
var (
	spellOut = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue", "ß", "ss")
	spellIn  = strings.NewReplacer("ae", "ä", "oe", "ö", "ue", "ü", "Ae", "Ä", "Oe", "Ö", "Ue", "Ü")
)

// Variants are the spellings an item is looked for in: as written, with umlauts spelled out
// (ä → ae) and with spelled-out umlauts folded back (ae → ä); the configurations then fold
// accents, so "Ernährung", "Ernaehrung" and "Ernahrung" all find each other.
func (it Item) Variants() []string {
	out := []string{it.Text}
	for _, v := range []string{spellOut.Replace(it.Text), spellIn.Replace(it.Text)} {
		if v != it.Text && (len(out) < 2 || out[1] != v) {
			out = append(out, v)
		}
	}
	return out
}

// highlight escapes a headline and turns its hit marks into <mark> tags.
func highlight(s string) string {
	s = html.EscapeString(s)
	return strings.NewReplacer(markStart, "<mark>", markStop, "</mark>").Replace(s)
}

// blocks are the elements whose bounds separate words.
var blocks = map[string]bool{"p": true, "div": true, "br": true, "li": true, "td": true, "th": true, "tr": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "ul": true, "ol": true, "table": true,
	"blockquote": true, "pre": true, "section": true, "figcaption": true, "hr": true}

// PlainText is the text of an HTML fragment: tags dropped, entities decoded, blocks apart.
func PlainText(fragment string) string {
	z := nethtml.NewTokenizer(strings.NewReader(fragment))
	var b strings.Builder
	skip := 0
	for {
		tt := z.Next()
		switch tt {
		case nethtml.ErrorToken:
			return strings.Join(strings.Fields(b.String()), " ")
		case nethtml.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		case nethtml.StartTagToken, nethtml.EndTagToken, nethtml.SelfClosingTagToken:
			name, _ := z.TagName()
			tag := string(name)
			if tag == "script" || tag == "style" {
				if tt == nethtml.StartTagToken {
					skip++
				} else if tt == nethtml.EndTagToken && skip > 0 {
					skip--
				}
			}
			if blocks[tag] {
				b.WriteByte(' ')
			}
		}
	}
}
