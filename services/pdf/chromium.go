package pdf

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Chromium prints with a local Chromium through the DevTools protocol. One browser process
// serves every conversion (started at the first, restarted when it died), each conversion in
// a tab of its own; at most MaxTabs run at once, the others wait.
type Chromium struct {
	path  string
	slots chan struct{}

	mu      sync.Mutex
	browser context.Context
	stop    context.CancelFunc
	dir     string
}

// ChromiumPath is where Chromium is: CHROMIUM_PATH, or Debian's binary.
func ChromiumPath() string {
	if p := os.Getenv("CHROMIUM_PATH"); p != "" {
		return p
	}
	for _, p := range []string{"/usr/lib/chromium/chromium", "/usr/bin/chromium"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "chromium"
}

// NewChromium returns a converter running the Chromium at path with at most maxTabs
// conversions at a time. The browser starts with the first conversion.
func NewChromium(path string, maxTabs int) *Chromium {
	return &Chromium{path: path, slots: make(chan struct{}, max(maxTabs, 1))}
}

// start returns the running browser and its working directory, starting it if needed.
func (c *Chromium) start() (context.Context, string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.browser != nil && c.browser.Err() == nil {
		return c.browser, c.dir, nil
	}
	c.shutdown()
	dir, err := os.MkdirTemp("", "vademecum-pdf-*")
	if err != nil {
		return nil, "", err
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(c.path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(filepath.Join(dir, "profile")),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true))
	browser, cancelBrowser := chromedp.NewContext(alloc)
	// the first action of the first context starts the browser
	if err := chromedp.Do(browser); err != nil {
		cancelBrowser()
		cancelAlloc()
		_ = os.RemoveAll(dir)
		return nil, "", err
	}
	c.browser, c.dir = browser, dir
	c.stop = func() {
		cancelBrowser()
		cancelAlloc()
	}
	return browser, dir, nil
}

// shutdown ends the browser; c.mu is held.
func (c *Chromium) shutdown() {
	if c.stop != nil {
		c.stop()
		_ = os.RemoveAll(c.dir)
		c.browser, c.stop, c.dir = nil, nil, ""
	}
}

// Close ends the browser.
func (c *Chromium) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.shutdown()
	return nil
}

// Convert prints p in a new tab. The page is loaded from a file, so nothing but the page is
// requested; ctx bounds the whole conversion.
func (c *Chromium) Convert(ctx context.Context, p Page) ([]byte, error) {
	select {
	case c.slots <- struct{}{}:
		defer func() { <-c.slots }()
	case <-ctx.Done():
		return nil, unavailable(ctx.Err())
	}
	browser, dir, err := c.start()
	if err != nil {
		return nil, unavailable(fmt.Errorf("start chromium: %w", err))
	}
	f, err := os.CreateTemp(dir, "page-*.html")
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	if _, err := f.WriteString(p.HTML); err != nil {
		_ = f.Close()
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	tab, closeTab := chromedp.NewContext(browser)
	defer closeTab()
	stop := context.AfterFunc(ctx, closeTab)
	defer stop()
	if err := chromedp.Do(tab, chromedp.Navigate((&url.URL{Scheme: "file", Path: f.Name()}).String())); err != nil {
		return nil, unavailable(fmt.Errorf("load page: %w", errorOf(ctx, err)))
	}
	pdf, err := chromedp.Run(tab, chromedp.PrintToPDF(
		chromedp.PDFPaper(chromedp.PaperSize{Width: paperWidth, Height: paperHeight}),
		chromedp.PDFMargins(marginTop, marginSide, marginBottom, marginSide),
		chromedp.PDFPrintBackground(),
		// Chromium tags PDFs by default since version 154, which makes a print about six
		// times larger and two to three times slower; guideline prints are untagged, as
		// Gotenberg's are.
		func(p *page.PrintToPDFParams) { p.GenerateTaggedPDF = new(bool) },
		chromedp.PDFStream(),
		chromedp.PDFHeaderTemplate("<span></span>"),
		chromedp.PDFFooterTemplate(p.Footer),
	))
	if err != nil {
		return nil, unavailable(fmt.Errorf("print: %w", errorOf(ctx, err)))
	}
	return pdf, nil
}

// errorOf prefers the caller's reason (deadline, cancellation) to the browser's.
func errorOf(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}
