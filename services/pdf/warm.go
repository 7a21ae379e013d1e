package pdf

import (
	"context"
	"fmt"
	"time"
)

// warmDocument is a print like a guideline's, with a heading, a list and a table, so that
// warming loads what real prints use (the template's fonts and layout), not just the browser.
var warmDocument = Document{Space: "Vademecum", Title: "Vademecum", Language: "de", Version: 1, Sections: []Section{
	{Title: "Vademecum", HTML: "<p>Vademecum</p><ul><li>1</li></ul><table><tr><th>a</th><td>1</td></tr></table>"},
}}

// Warm prints a small document once and throws it away: the first conversion of a converter
// starts its browser (Chromium here, or Gotenberg's), which takes seconds, over ten on a busy
// machine; warmed at start, the first reader's PDF is as quick as any. It reports how long the
// warming print took.
func Warm(ctx context.Context, c Converter) (time.Duration, error) {
	start := time.Now()
	page, err := warmDocument.Page(ctx, func(context.Context, string) (string, error) { return "", nil }, "")
	if err != nil {
		return 0, fmt.Errorf("warm the pdf converter: %w", err)
	}
	if _, err := c.Convert(ctx, page); err != nil {
		return time.Since(start), fmt.Errorf("warm the pdf converter: %w", err)
	}
	return time.Since(start), nil
}
