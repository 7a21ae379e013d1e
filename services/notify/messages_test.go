package notify

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCatalogueComplete(t *testing.T) {
	for key, msg := range catalogue["de"] {
		for _, lang := range languages {
			other, ok := catalogue[lang][key]
			require.True(t, ok, "%s is missing in %s", key, lang)
			assert.Equal(t, msg.Subject == "", other.Subject == "", "%s/%s subject", lang, key)
			assert.Len(t, other.Paragraphs, len(msg.Paragraphs), "%s/%s paragraphs", lang, key)
			if key == "membershipAccepted" {
				assert.Contains(t, other.Paragraphs, "{{.Link}}")
			}
		}
	}
	assert.Len(t, catalogue, len(languages))
}

func TestCompose(t *testing.T) {
	m, err := compose("fr", "membershipAccepted", "luca@hcuge.ch", "#aa0000",
		mailData{Name: "Luca <Rossi>", Space: "Kantonsspital", Link: "https://kssg.example.ch/"})
	require.NoError(t, err)
	assert.Equal(t, "Bienvenue chez Kantonsspital", m.Subject)
	assert.True(t, strings.HasPrefix(m.Text, "Bonjour Luca <Rossi>\n\n"))
	assert.Contains(t, m.Text, "https://kssg.example.ch/")
	assert.Contains(t, m.HTML, `Bonjour Luca &lt;Rossi&gt;`, "names are escaped in HTML")
	assert.Contains(t, m.HTML, `<a href="https://kssg.example.ch/"`)
	assert.Contains(t, m.HTML, `lang="fr"`)

	m, err = compose("", "membershipDeclined", "x@y.ch", "#886622", mailData{Name: "X", Space: "S"})
	require.NoError(t, err)
	assert.Equal(t, "Ihre Anfrage bei S", m.Subject, "German without a language")
}
