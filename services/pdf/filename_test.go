package pdf

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The file name keeps the title's punctuation, drops only what file systems and headers refuse,
// and is offered in UTF-8 with an ASCII fallback.
func TestFileName(t *testing.T) {
	for _, tc := range []struct {
		name        string
		doc         printable
		file        string
		disposition string
	}{
		{"punctuation kept", printable{Document: Document{Title: "Sepsis – Erstversorgung", Language: "de", Version: 3}},
			"Sepsis – Erstversorgung (de).pdf",
			`attachment; filename="Sepsis - Erstversorgung (de).pdf"; filename*=UTF-8''Sepsis%20%E2%80%93%20Erstversorgung%20%28de%29.pdf`},
		{"refused characters become spaces", printable{Document: Document{Title: " Ernährung: Kinder/Jugendliche \"neu\" <2026>?*|\\\t\x00. ", Language: "fr", Version: 1}},
			"Ernährung Kinder Jugendliche neu 2026 (fr).pdf",
			`attachment; filename="Ernaehrung Kinder Jugendliche neu 2026 (fr).pdf"; filename*=UTF-8''Ern%C3%A4hrung%20Kinder%20Jugendliche%20neu%202026%20%28fr%29.pdf`},
		{"accents dropped in ASCII, apostrophes gone", printable{Document: Document{Title: "Prise en charge de l'AVC, état aigu", Language: "fr", Version: 1}},
			"Prise en charge de l AVC, état aigu (fr).pdf",
			`attachment; filename="Prise en charge de l AVC, etat aigu (fr).pdf"; filename*=UTF-8''Prise%20en%20charge%20de%20l%20AVC%2C%20%C3%A9tat%20aigu%20%28fr%29.pdf`},
		{"a draft says so", printable{Document: Document{Title: "Anaphylaxie", Language: "it", Version: 2, Draft: true}},
			"Anaphylaxie (it, v2, draft).pdf",
			`attachment; filename="Anaphylaxie (it, v2, draft).pdf"; filename*=UTF-8''Anaphylaxie%20%28it%2C%20v2%2C%20draft%29.pdf`},
		{"nothing left of the title", printable{id: 7, Document: Document{Title: "../..", Language: "de", Version: 1}},
			"guideline 7 (de).pdf",
			`attachment; filename="guideline 7 (de).pdf"; filename*=UTF-8''guideline%207%20%28de%29.pdf`},
		{"other scripts in the fallback", printable{Document: Document{Title: "Σήψη", Language: "de", Version: 1}},
			"Σήψη (de).pdf",
			`attachment; filename="____ (de).pdf"; filename*=UTF-8''%CE%A3%CE%AE%CF%88%CE%B7%20%28de%29.pdf`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			name := fileName(tc.doc)
			assert.Equal(t, tc.file, name)
			assert.Equal(t, tc.disposition, contentDisposition(name))
		})
	}
	long := fileName(printable{Document: Document{Title: strings.Repeat("Ä", 300), Language: "de"}})
	assert.Equal(t, strings.Repeat("Ä", maxTitle)+" (de).pdf", long)
}
