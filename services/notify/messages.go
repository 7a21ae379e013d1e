package notify

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"
	texttemplate "text/template"
)

// message is one mail text: a subject and paragraphs, as text/template sources over the
// mail's data. A paragraph {{.Link}} alone becomes a button in the HTML part.
type message struct {
	Subject    string
	Paragraphs []string
}

// Languages of the mails; a recipient without a language gets the default, German.
var languages = []string{"de", "en", "fr", "it"}

// catalogue holds every mail text in every language (a test checks that none is missing).
var catalogue = map[string]map[string]message{
	"de": {
		"greeting": {Paragraphs: []string{"Guten Tag {{.Name}}"}},
		"membershipAccepted": {Subject: "Willkommen bei {{.Space}}", Paragraphs: []string{
			"Ihre Anfrage, Mitglied von {{.Space}} zu werden, wurde angenommen. Die Richtlinien der Organisation finden Sie hier:",
			"{{.Link}}"}},
		"membershipDeclined": {Subject: "Ihre Anfrage bei {{.Space}}", Paragraphs: []string{
			"Ihre Anfrage, Mitglied von {{.Space}} zu werden, wurde abgelehnt. Bei Fragen wenden Sie sich bitte an die Administration von {{.Space}}."}},
		"footer": {Paragraphs: []string{"Diese Nachricht wurde von Vademecum automatisch versandt."}},
	},
	"en": {
		"greeting": {Paragraphs: []string{"Hello {{.Name}}"}},
		"membershipAccepted": {Subject: "Welcome to {{.Space}}", Paragraphs: []string{
			"Your request to become a member of {{.Space}} has been accepted. You will find the organisation's guidelines here:",
			"{{.Link}}"}},
		"membershipDeclined": {Subject: "Your request to {{.Space}}", Paragraphs: []string{
			"Your request to become a member of {{.Space}} has been declined. If you have questions, please contact the administrators of {{.Space}}."}},
		"footer": {Paragraphs: []string{"This message was sent automatically by Vademecum."}},
	},
	"fr": {
		"greeting": {Paragraphs: []string{"Bonjour {{.Name}}"}},
		"membershipAccepted": {Subject: "Bienvenue chez {{.Space}}", Paragraphs: []string{
			"Votre demande d'adhésion à {{.Space}} a été acceptée. Vous trouverez les directives de l'organisation ici :",
			"{{.Link}}"}},
		"membershipDeclined": {Subject: "Votre demande auprès de {{.Space}}", Paragraphs: []string{
			"Votre demande d'adhésion à {{.Space}} a été refusée. Pour toute question, veuillez vous adresser aux administrateurs de {{.Space}}."}},
		"footer": {Paragraphs: []string{"Ce message a été envoyé automatiquement par Vademecum."}},
	},
	"it": {
		"greeting": {Paragraphs: []string{"Buongiorno {{.Name}}"}},
		"membershipAccepted": {Subject: "Benvenuto in {{.Space}}", Paragraphs: []string{
			"La sua richiesta di diventare membro di {{.Space}} è stata accettata. Trova le direttive dell'organizzazione qui:",
			"{{.Link}}"}},
		"membershipDeclined": {Subject: "La sua richiesta a {{.Space}}", Paragraphs: []string{
			"La sua richiesta di diventare membro di {{.Space}} è stata respinta. Per domande si rivolga agli amministratori di {{.Space}}."}},
		"footer": {Paragraphs: []string{"Questo messaggio è stato inviato automaticamente da Vademecum."}},
	},
}

// mailData is what the mail texts may use.
type mailData struct {
	Name  string
	Space string
	Link  string
}

var htmlPage = template.Must(template.New("mail").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f2;font-family:Helvetica,Arial,sans-serif;color:#1d2521">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px 28px">
{{range .Paragraphs}}{{if .Link}}<p style="margin:20px 0"><a href="{{.Link}}" style="background:{{$.Color}};color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">{{.Link}}</a></p>
{{else}}<p style="margin:0 0 14px;line-height:1.5">{{.Text}}</p>
{{end}}{{end}}<p style="margin:24px 0 0;font-size:12px;color:#66706a">{{.Footer}}</p>
</div></body></html>
`))

// compose renders a mail of the catalogue in a language (the default when unknown).
func compose(lang, key, to, color string, data mailData) (Mail, error) {
	texts, ok := catalogue[lang]
	if !ok {
		texts = catalogue["de"]
		lang = "de"
	}
	run := func(src string) (string, error) {
		t, err := texttemplate.New(key).Option("missingkey=error").Parse(src)
		if err != nil {
			return "", err
		}
		var b strings.Builder
		err = t.Execute(&b, data)
		return b.String(), err
	}
	msg, ok := texts[key]
	if !ok {
		return Mail{}, fmt.Errorf("no mail %q in %q", key, lang)
	}
	type paragraph struct{ Text, Link string }
	var paras []paragraph
	var text []string
	for _, src := range append(append(texts["greeting"].Paragraphs[:1:1], msg.Paragraphs...), texts["footer"].Paragraphs...) {
		p, err := run(src)
		if err != nil {
			return Mail{}, err
		}
		text = append(text, p)
		if src == "{{.Link}}" {
			paras = append(paras, paragraph{Link: p})
		} else {
			paras = append(paras, paragraph{Text: p})
		}
	}
	subject, err := run(msg.Subject)
	if err != nil {
		return Mail{}, err
	}
	footer := paras[len(paras)-1].Text
	var html bytes.Buffer
	err = htmlPage.Execute(&html, map[string]any{"Lang": lang, "Subject": subject, "Paragraphs": paras[:len(paras)-1],
		"Footer": footer, "Color": color})
	return Mail{To: to, Subject: subject, Text: strings.Join(text, "\n\n") + "\n", HTML: html.String()}, err
}
