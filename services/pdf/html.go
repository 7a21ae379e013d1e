package pdf

import (
	"context"
	"fmt"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// ImageSource gives the address the print loads an image of guideline HTML from (typically
// a data: URL of a stored file), or "" when the image cannot be printed.
type ImageSource func(ctx context.Context, src string) (string, error)

// sectionPrefix makes the ids of one section unique in the print (the editor numbers the
// footnotes of every section from 1).
func sectionPrefix(i int) string { return fmt.Sprintf("s%d-", i+1) }

// printHTML turns a section's stored HTML into print HTML: lookup tables become tables,
// images are resolved through images (unresolvable ones leave their alt text), embedded
// players become links, footnote lists get their heading, ids and in-page links get the
// section's prefix and the site's relative links become absolute on base.
func printHTML(ctx context.Context, content, prefix, footnotesLabel string, images ImageSource, base string) (string, error) {
	body := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragment(strings.NewReader(content), body)
	if err != nil {
		return "", err
	}
	for _, n := range nodes {
		body.AppendChild(n)
	}
	if err := rewrite(ctx, body, prefix, footnotesLabel, images, base); err != nil {
		return "", err
	}
	var b strings.Builder
	for c := body.FirstChild; c != nil; c = c.NextSibling {
		if err := html.Render(&b, c); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func setAttr(n *html.Node, key, val string) {
	for i, a := range n.Attr {
		if a.Key == key {
			n.Attr[i].Val = val
			return
		}
	}
	n.Attr = append(n.Attr, html.Attribute{Key: key, Val: val})
}

// replace puts the nodes parsed from markup (in the context of n's parent) in place of n.
func replace(n *html.Node, markup string) error {
	nodes, err := html.ParseFragment(strings.NewReader(markup), n.Parent)
	if err != nil {
		return err
	}
	for _, m := range nodes {
		n.Parent.InsertBefore(m, n)
	}
	n.Parent.RemoveChild(n)
	return nil
}

func rewrite(ctx context.Context, n *html.Node, prefix, footnotesLabel string, images ImageSource, base string) error {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if c.Type != html.ElementNode {
			c = next
			continue
		}
		if v, ok := attr(c, "id"); ok {
			setAttr(c, "id", prefix+v)
		}
		if v, ok := attr(c, "href"); ok {
			switch {
			case strings.HasPrefix(v, "#"):
				setAttr(c, "href", "#"+prefix+v[1:])
			case strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "//"):
				setAttr(c, "href", strings.TrimSuffix(base, "/")+v)
			}
		}
		_, lookup := attr(c, "data-lookup-table")
		_, footnotes := attr(c, "data-footnotes")
		switch {
		case lookup:
			scale, _ := attr(c, "data-scale")
			data, _ := attr(c, "data-data")
			table, err := lookupTable(scale, data)
			if err != nil {
				// the editor never saves an invalid table; an unreadable one is left out
				n.RemoveChild(c)
			} else if err := replace(c, table); err != nil {
				return err
			}
		case c.DataAtom == atom.Img:
			src, _ := attr(c, "src")
			resolved, err := images(ctx, src)
			if err != nil {
				return err
			}
			if resolved == "" {
				alt, _ := attr(c, "alt")
				n.InsertBefore(&html.Node{Type: html.TextNode, Data: alt}, c)
				n.RemoveChild(c)
			} else {
				setAttr(c, "src", resolved)
			}
		case c.DataAtom == atom.Iframe || c.DataAtom == atom.Video:
			// a film cannot be printed: its address is
			src, _ := attr(c, "src")
			if src == "" {
				for s := c.FirstChild; s != nil && src == ""; s = s.NextSibling {
					if s.DataAtom == atom.Source {
						src, _ = attr(s, "src")
					}
				}
			}
			if strings.HasPrefix(src, "/") {
				src = strings.TrimSuffix(base, "/") + src
			}
			if err := replace(c, `<p class="media"><a href="`+html.EscapeString(src)+`">`+html.EscapeString(src)+`</a></p>`); err != nil {
				return err
			}
		default:
			if footnotes {
				setAttr(c, "class", "footnotes")
				heading := &html.Node{Type: html.ElementNode, Data: "h3", DataAtom: atom.H3}
				heading.AppendChild(&html.Node{Type: html.TextNode, Data: footnotesLabel})
				if err := rewrite(ctx, c, prefix, footnotesLabel, images, base); err != nil {
					return err
				}
				c.InsertBefore(heading, c.FirstChild)
			} else if err := rewrite(ctx, c, prefix, footnotesLabel, images, base); err != nil {
				return err
			}
		}
		c = next
	}
	return nil
}
