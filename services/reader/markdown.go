package reader

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"vademecum/services/api"
)

// MarkdownRequest names a language of a guideline of the current space.
type MarkdownRequest struct {
	ID   api.ID `json:"id"`
	Lang string `json:"lang"`
}

// GLMarkdown returns the published text of a language as Markdown (CommonMark with GitHub's
// tables and footnotes), under the same conditions as the reader.
func (s *Service) GLMarkdown(ctx context.Context, req MarkdownRequest) (string, error) {
	g, err := s.Guideline(ctx, GuidelineRequest{ID: req.ID, Language: req.Lang})
	if err != nil {
		return "", err
	}
	return GuidelineMarkdown(g), nil
}

// GuidelineMarkdown writes a guideline as Markdown: its title, description and sections;
// footnote ids are prefixed per section so that the sections' "fn1" stay apart.
func GuidelineMarkdown(g Guideline) string {
	var b strings.Builder
	b.WriteString("# " + escapeInline(g.Title) + "\n\n")
	if g.Description != "" {
		b.WriteString(escapeInline(g.Description) + "\n\n")
	}
	for _, d := range g.Details {
		if d.Title != "" {
			b.WriteString("## " + escapeInline(d.Title) + "\n\n")
		}
		content := d.Content
		if d.Extern != nil {
			content = d.Extern.Content
		}
		b.WriteString(HTMLToMarkdown(content, fmt.Sprintf("d%d-", d.ID)))
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// HTMLToMarkdown converts guideline HTML (the sanitiser's allow-list) to Markdown blocks
// separated by blank lines; prefix is put before footnote ids.
func HTMLToMarkdown(src, prefix string) string {
	nodes, err := html.ParseFragment(strings.NewReader(src), &html.Node{Type: html.ElementNode, DataAtom: atom.Div, Data: "div"})
	if err != nil {
		return ""
	}
	c := &converter{prefix: prefix}
	for _, n := range nodes {
		c.block(n)
	}
	c.flush()
	return c.out.String()
}

type converter struct {
	out    strings.Builder
	inline strings.Builder // the paragraph being collected
	prefix string
}

// flush ends the paragraph being collected.
func (c *converter) flush() {
	text := strings.TrimSpace(collapse(c.inline.String()))
	c.inline.Reset()
	if text != "" {
		c.emit(text)
	}
}

// emit writes one block.
func (c *converter) emit(block string) {
	c.out.WriteString(block + "\n\n")
}

func attr(n *html.Node, name string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

// block converts a node in block context.
func (c *converter) block(n *html.Node) {
	if n.Type == html.TextNode || (n.Type == html.ElementNode && isInline(n)) {
		c.inlineNode(&c.inline, n)
		return
	}
	if n.Type != html.ElementNode {
		return
	}
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		c.flush()
		level := int(n.Data[1]-'0') + 2 // sections are level 2, their headings below
		c.emit(strings.Repeat("#", min(level, 6)) + " " + c.inlineText(n))
	case atom.P, atom.Figcaption, atom.Dt, atom.Dd, atom.Caption:
		c.flush()
		if t := c.inlineText(n); t != "" {
			c.emit(t)
		}
	case atom.Hr:
		c.flush()
		c.emit("---")
	case atom.Pre:
		c.flush()
		c.emit("```\n" + strings.TrimRight(textOf(n), "\n") + "\n```")
	case atom.Blockquote:
		c.flush()
		inner := strings.TrimRight(convertChildren(n, c.prefix), "\n")
		c.emit("> " + strings.ReplaceAll(inner, "\n", "\n> "))
	case atom.Ul, atom.Ol:
		c.flush()
		c.emit(strings.TrimRight(c.list(n, 0), "\n"))
	case atom.Table:
		c.flush()
		c.emit(c.table(n))
	case atom.Section:
		if _, ok := attr(n, "data-footnotes"); ok {
			c.flush()
			c.footnotes(n)
			return
		}
		c.children(n)
	case atom.Div:
		if _, ok := attr(n, "data-lookup-table"); ok {
			c.flush()
			if t := lookupTable(n); t != "" {
				c.emit(t)
			}
			return
		}
		c.children(n)
	case atom.Video, atom.Iframe:
		c.flush()
		c.emit(mediaLink(n))
	default:
		c.children(n)
	}
}

func (c *converter) children(n *html.Node) {
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		c.block(ch)
	}
	c.flush()
}

func convertChildren(n *html.Node, prefix string) string {
	c := &converter{prefix: prefix}
	c.children(n)
	return c.out.String()
}

func isInline(n *html.Node) bool {
	switch n.DataAtom {
	case atom.A, atom.Strong, atom.B, atom.Em, atom.I, atom.U, atom.S, atom.Sub, atom.Sup, atom.Mark, atom.Small,
		atom.Span, atom.Code, atom.Br, atom.Img:
		return true
	}
	return false
}

// inlineText converts the children of n as one line of inline Markdown.
func (c *converter) inlineText(n *html.Node) string {
	var b strings.Builder
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		c.inlineNode(&b, ch)
	}
	return strings.TrimSpace(collapse(b.String()))
}

func (c *converter) inlineNode(b *strings.Builder, n *html.Node) {
	if n.Type == html.TextNode {
		b.WriteString(escapeInline(n.Data))
		return
	}
	if n.Type != html.ElementNode {
		return
	}
	wrap := func(mark string) {
		if t := c.inlineText(n); t != "" {
			b.WriteString(mark + t + mark)
		}
	}
	switch n.DataAtom {
	case atom.Strong, atom.B:
		wrap("**")
	case atom.Em, atom.I:
		wrap("*")
	case atom.S:
		wrap("~~")
	case atom.Code:
		b.WriteString("`" + strings.ReplaceAll(textOf(n), "`", "'") + "`")
	case atom.Br:
		b.WriteString("\\\n")
	case atom.Img:
		alt, _ := attr(n, "alt")
		src, _ := attr(n, "src")
		fmt.Fprintf(b, "![%s](%s)", escapeInline(alt), escapeURL(src))
	case atom.A:
		href, _ := attr(n, "href")
		text := c.inlineText(n)
		if href == "" {
			b.WriteString(text)
			return
		}
		if text == "" {
			text = escapeInline(href)
		}
		fmt.Fprintf(b, "[%s](%s)", text, escapeURL(href))
	case atom.Sup:
		if id, ok := attr(n, "data-footnote-ref"); ok {
			b.WriteString("[^" + c.prefix + id + "]")
			return
		}
		wrap("")
	case atom.Video, atom.Iframe:
		b.WriteString(mediaLink(n))
	default:
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			c.inlineNode(b, ch)
		}
	}
}

// list converts a list with its nested lists indented by depth.
func (c *converter) list(n *html.Node, depth int) string {
	var b strings.Builder
	number := 1
	if v, ok := attr(n, "start"); ok {
		if _, err := fmt.Sscanf(v, "%d", &number); err != nil {
			number = 1
		}
	}
	indent := strings.Repeat("   ", depth)
	for li := n.FirstChild; li != nil; li = li.NextSibling {
		if li.DataAtom != atom.Li {
			continue
		}
		marker := "- "
		if n.DataAtom == atom.Ol {
			marker = fmt.Sprintf("%d. ", number)
			number++
		}
		var text strings.Builder
		var nested []string
		for ch := li.FirstChild; ch != nil; ch = ch.NextSibling {
			switch ch.DataAtom {
			case atom.Ul, atom.Ol:
				nested = append(nested, c.list(ch, depth+1))
			case atom.P:
				text.WriteString(" " + c.inlineText(ch))
			default:
				c.inlineNode(&text, ch)
			}
		}
		b.WriteString(indent + marker + strings.TrimSpace(collapse(text.String())) + "\n")
		for _, l := range nested {
			b.WriteString(l)
		}
	}
	return b.String()
}

// table converts a table to a GitHub table; its first row is the header.
func (c *converter) table(n *html.Node) string {
	var rows [][]string
	var walk func(*html.Node)
	walk = func(x *html.Node) {
		for ch := x.FirstChild; ch != nil; ch = ch.NextSibling {
			switch ch.DataAtom {
			case atom.Tr:
				var row []string
				for cell := ch.FirstChild; cell != nil; cell = cell.NextSibling {
					if cell.DataAtom == atom.Td || cell.DataAtom == atom.Th {
						row = append(row, c.inlineText(cell))
					}
				}
				rows = append(rows, row)
			case atom.Thead, atom.Tbody, atom.Tfoot:
				walk(ch)
			}
		}
	}
	walk(n)
	return markdownTable(rows)
}

func markdownTable(rows [][]string) string {
	if len(rows) == 0 {
		return ""
	}
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	var b strings.Builder
	line := func(cells []string) {
		b.WriteString("|")
		for i := range width {
			cell := ""
			if i < len(cells) {
				cell = strings.ReplaceAll(cells[i], "|", "\\|")
			}
			b.WriteString(" " + cell + " |")
		}
		b.WriteString("\n")
	}
	line(rows[0])
	b.WriteString("|" + strings.Repeat(" --- |", width) + "\n")
	for _, r := range rows[1:] {
		line(r)
	}
	return strings.TrimRight(b.String(), "\n")
}

// footnotes converts the footnote list of a section to Markdown footnote definitions.
func (c *converter) footnotes(n *html.Node) {
	var lines []string
	var walk func(*html.Node)
	walk = func(x *html.Node) {
		for ch := x.FirstChild; ch != nil; ch = ch.NextSibling {
			if ch.DataAtom == atom.Li {
				id, _ := attr(ch, "id")
				lines = append(lines, "[^"+c.prefix+id+"]: "+c.inlineText(ch))
				continue
			}
			walk(ch)
		}
	}
	walk(n)
	if len(lines) > 0 {
		c.emit(strings.Join(lines, "\n"))
	}
}

// lookupTable writes a lookup table element (see frontend/src/components/LookupTable.tsx)
// as a table: one row per scale value, one column per leaf of data, nested headings joined.
func lookupTable(n *html.Node) string {
	scaleJSON, _ := attr(n, "data-scale")
	dataJSON, _ := attr(n, "data-data")
	var scale any
	if json.Unmarshal([]byte(scaleJSON), &scale) != nil {
		return ""
	}
	label, values := "", []any(nil)
	switch s := scale.(type) {
	case []any:
		values = s
	case map[string]any:
		label, _ = s["label"].(string)
		values, _ = s["values"].([]any)
	}
	var columns []string
	var cells [][]any
	dec := json.NewDecoder(strings.NewReader(dataJSON))
	if err := leaves(dec, "", func(path string, col []any) {
		columns, cells = append(columns, path), append(cells, col)
	}); err != nil {
		return ""
	}
	rows := [][]string{append([]string{escapeInline(label)}, escapeAll(columns)...)}
	for i, v := range values {
		row := []string{escapeInline(cellText(v))}
		for _, col := range cells {
			var cell any
			if i < len(col) {
				cell = col[i]
			}
			row = append(row, escapeInline(cellText(cell)))
		}
		rows = append(rows, row)
	}
	return markdownTable(rows)
}

// leaves reads a lookup table's data from dec in the order it is written (columns left to
// right) and calls fn for each column with its headings joined.
func leaves(dec *json.Decoder, path string, fn func(path string, cells []any)) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('['):
		var col []any
		for dec.More() {
			var v any
			if err := dec.Decode(&v); err != nil {
				return err
			}
			col = append(col, v)
		}
		fn(path, col)
	case json.Delim('{'):
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return err
			}
			p, _ := key.(string)
			if path != "" {
				p = path + " / " + p
			}
			if err := leaves(dec, p, fn); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("lookup table data: unexpected %v", tok)
	}
	_, err = dec.Token() // the closing bracket
	return err
}

func cellText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return fmt.Sprint(x)
	}
	return ""
}

func escapeAll(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = escapeInline(s)
	}
	return out
}

func mediaLink(n *html.Node) string {
	src, _ := attr(n, "src")
	if src == "" {
		for ch := n.FirstChild; ch != nil && src == ""; ch = ch.NextSibling {
			if ch.DataAtom == atom.Source {
				src, _ = attr(ch, "src")
			}
		}
	}
	return "[▶ " + escapeInline(src) + "](" + escapeURL(src) + ")"
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(x *html.Node) {
		if x.Type == html.TextNode {
			b.WriteString(x.Data)
		}
		for ch := x.FirstChild; ch != nil; ch = ch.NextSibling {
			walk(ch)
		}
	}
	walk(n)
	return b.String()
}

var inlineEscaper = strings.NewReplacer(`\`, `\\`, `*`, `\*`, `_`, `\_`, "`", "\\`", `[`, `\[`, `]`, `\]`, `<`, `\<`, `#`, `\#`)

// escapeInline escapes the characters Markdown would read as markup.
func escapeInline(s string) string { return inlineEscaper.Replace(s) }

func escapeURL(s string) string {
	return strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29").Replace(s)
}

// collapse folds runs of white space (except escaped line breaks) into one space.
func collapse(s string) string {
	var b strings.Builder
	space := false
	for i, r := range s {
		if r == '\n' && i > 0 && s[i-1] == '\\' {
			b.WriteRune(r)
			space = false
			continue
		}
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			if !space {
				b.WriteByte(' ')
			}
			space = true
			continue
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}
