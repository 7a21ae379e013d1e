package pdf_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"vademecum/services/pdf"
	"vademecum/services/pdf/gotenbergtest"
)

// A running Gotenberg is ready; an address where none answers is not.
func TestIntegrationGotenbergReady(t *testing.T) {
	assert.NoError(t, pdf.NewGotenberg(gotenbergtest.URL(t)).Ready(t.Context()))
	assert.Error(t, pdf.NewGotenberg("http://127.0.0.1:1").Ready(t.Context()))
}
