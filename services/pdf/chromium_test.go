package pdf

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// TestChromiumRestarts: when the browser dies, the next conversion starts a new one.
func TestChromiumRestarts(t *testing.T) {
	c := NewChromium(ChromiumPath(), 1)
	t.Cleanup(func() { _ = c.Close() })
	page := Page{HTML: "<!DOCTYPE html><p>Erste Seite</p>", Footer: "<span></span>"}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	data, err := c.Convert(ctx, page)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(data), "%PDF-"))

	browser, _, err := c.start()
	require.NoError(t, err)
	require.NoError(t, chromedp.FromContext(browser).Browser.Process().Kill())
	<-browser.Done()

	data, err = c.Convert(ctx, page)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(data), "%PDF-"))
}
