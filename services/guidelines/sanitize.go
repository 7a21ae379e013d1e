package guidelines

import (
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

// The guideline HTML allow-list: what the editor produces (headings, paragraphs, lists,
// tables, links, images, video, footnotes, lookup tables) and nothing that runs code. Every
// write of a guideline's HTML passes through it; readers get the stored HTML as it is.
var (
	classNames   = regexp.MustCompile(`^[A-Za-z0-9_ -]{1,200}$`)
	anchorID     = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_:.-]{0,100}$`)
	span         = regexp.MustCompile(`^[1-9][0-9]?$`)
	dimension    = regexp.MustCompile(`^[0-9]{1,4}(px|%)?$`)
	videoPlayers = regexp.MustCompile(`^https://(www\.youtube-nocookie\.com/embed/|player\.vimeo\.com/video/)[A-Za-z0-9_?=&/-]+$`)
	mediaType    = regexp.MustCompile(`^(video|audio)/[a-z0-9.+-]+$`)
	mediaURL     = regexp.MustCompile(`^(https?://[^\s"'<>]+|/[^/\s"'<>][^\s"'<>]*)$`)
)

var htmlPolicy = newPolicy()

func newPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code",
		"strong", "b", "em", "i", "u", "s", "sub", "sup", "mark", "small", "span", "div", "section",
		"ul", "ol", "li", "dl", "dt", "dd", "figure", "figcaption",
		"table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td")
	p.AllowAttrs("start").Matching(bluemonday.Integer).OnElements("ol")
	p.AllowAttrs("colspan", "rowspan").Matching(span).OnElements("th", "td")
	p.AllowAttrs("scope").Matching(regexp.MustCompile(`^(row|col|rowgroup|colgroup)$`)).OnElements("th")
	p.AllowAttrs("class").Matching(classNames).Globally()
	p.AllowAttrs("id").Matching(anchorID).Globally()
	p.AllowAttrs("title").Matching(bluemonday.Paragraph).Globally()
	// footnotes, lookup tables (JSON in data-scale / data-data) and editor markers
	p.AllowDataAttributes()
	p.AllowStyles("text-align").MatchingEnum("left", "right", "center", "justify").OnElements("p", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "li")

	// Links: web, mail, phone and paths of this site; new windows never get the opener.
	p.AllowStandardURLs()
	p.AllowURLSchemes("http", "https", "mailto", "tel")
	p.AllowRelativeURLs(true)
	// rel and target are never taken from the input but set here, always the same way, so that
	// sanitising sanitised HTML changes nothing.
	p.AllowAttrs("href").OnElements("a")
	p.RequireNoFollowOnLinks(false)
	p.RequireNoReferrerOnFullyQualifiedLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)

	p.AllowAttrs("src", "alt").OnElements("img")
	p.AllowAttrs("width", "height").Matching(dimension).OnElements("img", "video", "iframe", "col")
	p.AllowAttrs("src", "poster").Matching(mediaURL).OnElements("video")
	p.AllowAttrs("controls", "preload", "loop", "muted", "playsinline").OnElements("video")
	p.AllowAttrs("src").Matching(mediaURL).OnElements("source")
	p.AllowAttrs("type").Matching(mediaType).OnElements("source")
	p.AllowElements("video", "source")
	// Embedded players only from the privacy-friendly hosts; any other frame is dropped.
	p.AllowAttrs("src").Matching(videoPlayers).OnElements("iframe")
	p.AllowAttrs("allowfullscreen").OnElements("iframe")
	return p
}

// Sanitize returns guideline HTML reduced to the allow-list.
func Sanitize(html string) string {
	return htmlPolicy.Sanitize(html)
}
