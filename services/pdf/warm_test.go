package pdf_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"vademecum/services/pdf"
)

// TestWarm measures the first print of a fresh Chromium, cold and after Warm: warming takes the
// start of the browser off the first reader's print. The figures are logged (go test -v); the
// test only asserts that the warm print works, as speed depends on the machine.
func TestWarm(t *testing.T) {
	page, err := sample().Page(context.Background(), images, "http://alpha.vademecum.localhost:8080/")
	require.NoError(t, err)
	first := func(warm bool) (took, warming time.Duration) {
		c := pdf.NewChromium(pdf.ChromiumPath(), 1)
		defer c.Close()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if warm {
			warming, err = pdf.Warm(ctx, c)
			require.NoError(t, err)
		}
		start := time.Now()
		_, err := c.Convert(ctx, page)
		require.NoError(t, err)
		return time.Since(start), warming
	}
	cold, _ := first(false)
	warm, warming := first(true)
	t.Logf("first print after start: cold %v, after warming %v (warming itself took %v)",
		cold.Round(time.Millisecond), warm.Round(time.Millisecond), warming.Round(time.Millisecond))
}
