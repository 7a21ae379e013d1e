package main

import (
	"os"
	"testing"

	"vademecum/services/pdf"
	"vademecum/services/pdf/gotenbergtest"
	"vademecum/tenancy/tenancytest"
)

// testChromium prints the PDFs of every test of the package (its browser starts with the
// first print).
var testChromium = pdf.NewChromium(pdf.ChromiumPath(), 4)

func TestMain(m *testing.M) {
	// The test binary is the server too when a test starts replicas as processes of their own.
	if os.Getenv(serveFromTest) != "" {
		main()
		return
	}
	tenancytest.Main(m, gotenbergtest.Stop, func() { _ = testChromium.Close() })
}
