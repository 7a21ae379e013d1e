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
			switch key {
			case "membershipAccepted", "invitation", "verification", "passwordReset", "emailChange", "accountExists":
				assert.Contains(t, other.Paragraphs, "{{.Link}}", "%s/%s", lang, key)
			}
			if key == "weeklyDigest" {
				assert.Contains(t, other.Paragraphs, "{{.List}}")
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

func TestComposeList(t *testing.T) {
	m, err := compose("it", "weeklyDigest", "x@y.ch", "#886622", mailData{Name: "Luca", List: []ListItem{
		{Text: "HUG: 2 richieste", Link: "https://hug.example.ch/dashboard"}, {Text: "<KSSG>", Link: "https://kssg.example.ch/dashboard"}}})
	require.NoError(t, err)
	assert.Equal(t, "I suoi compiti in Vademecum", m.Subject)
	assert.Contains(t, m.Text, "- HUG: 2 richieste: https://hug.example.ch/dashboard\n- <KSSG>: https://kssg.example.ch/dashboard")
	assert.Contains(t, m.HTML, `<li><a href="https://kssg.example.ch/dashboard" style="color:#886622">&lt;KSSG&gt;</a></li>`)
	l, err := line("fr", "digestLine", mailData{Space: "HUG", Validations: 2, Guidelines: 1})
	require.NoError(t, err)
	assert.Equal(t, "HUG : 2 demandes de validation, 1 directives ont besoin de vous", l)
}

func TestComposeAccount(t *testing.T) {
	m, err := ComposeAccount(AccountMail{Key: "invitation", Lang: "it", To: "nuova@eoc.ch", Color: "#0a5c8a", Name: "nuova@eoc.ch",
		Space: "EOC", Sender: "Anna Keller (anna@eoc.ch)", Email: "nuova@eoc.ch", Link: "https://eoc.example.ch/auth/invite#token=abc"})
	require.NoError(t, err)
	assert.Equal(t, "Invito a EOC", m.Subject)
	assert.Contains(t, m.Text, "Anna Keller (anna@eoc.ch) la invita a EOC")
	assert.Contains(t, m.Text, "https://eoc.example.ch/auth/invite#token=abc")
	assert.Contains(t, m.HTML, `<a href="https://eoc.example.ch/auth/invite#token=abc" style="background:#0a5c8a`)

	m, err = ComposeAccount(AccountMail{Key: "emailChanged", Lang: "en", To: "old@x.ch", Name: "Ann", Space: "X", Email: "new@x.ch"})
	require.NoError(t, err)
	assert.Equal(t, "Your e-mail address was changed", m.Subject)
	assert.Contains(t, m.Text, "now uses the address new@x.ch instead of this one")
}
