package api

// Texts is a text in the four languages of the product ({de, en, fr, it}); an empty text is
// missing in its language, and readers then see the German one.
type Texts struct {
	De string `json:"de"`
	En string `json:"en"`
	Fr string `json:"fr"`
	It string `json:"it"`
}

// TextLanguages are the language codes of Texts, German first.
var TextLanguages = []string{"de", "en", "fr", "it"}

// Text is the text of language lang ("" for an unknown language).
func (t *Texts) Text(lang string) *string {
	switch lang {
	case "de":
		return &t.De
	case "en":
		return &t.En
	case "fr":
		return &t.Fr
	case "it":
		return &t.It
	}
	return nil
}

// AppendTexts appends t as a JSON object.
func AppendTexts(dst []byte, t Texts) []byte {
	dst = append(dst, '{')
	for _, lang := range TextLanguages {
		dst = AppendString(AppendField(dst, lang), *t.Text(lang))
	}
	return append(dst, '}')
}
