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
		"submitted": {Subject: "Validierung erbeten: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} bittet Sie, die Richtlinie «{{.Guideline}}» in {{.Space}} zu validieren.", "{{.Link}}"}},
		"accepted": {Subject: "Validiert: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} hat die Richtlinie «{{.Guideline}}» in {{.Space}} validiert. Sie ist jetzt online.", "{{.Link}}"}},
		"rejected": {Subject: "Zurückgewiesen: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} hat die Validierung der Richtlinie «{{.Guideline}}» in {{.Space}} zurückgewiesen. Die Begründung finden Sie in der Richtlinie.", "{{.Link}}"}},
		"guidelineExpiring": {Subject: "Läuft bald ab: {{.Guideline}}", Paragraphs: []string{
			"Die Gültigkeit der Richtlinie «{{.Guideline}}» in {{.Space}} endet bald. Bitte erneuern Sie die Validierung.", "{{.Link}}"}},
		"guidelineExpired": {Subject: "Abgelaufen: {{.Guideline}}", Paragraphs: []string{
			"Die Gültigkeit der Richtlinie «{{.Guideline}}» in {{.Space}} ist abgelaufen; Lesende sehen sie nicht mehr. Bitte erneuern Sie die Validierung.", "{{.Link}}"}},
		"commented": {Subject: "Neuer Kommentar: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} hat die Richtlinie «{{.Guideline}}» in {{.Space}} kommentiert.", "{{.Link}}"}},
		"commentAnswered": {Subject: "Antwort auf einen Kommentar: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} hat auf einen Kommentar zur Richtlinie «{{.Guideline}}» in {{.Space}} geantwortet.", "{{.Link}}"}},
		"feedbackReceived": {Subject: "Nachricht zu {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} hat Ihnen als Autorin oder Autor der Richtlinie «{{.Guideline}}» in {{.Space}} eine Nachricht geschrieben.", "{{.Link}}"}},
		"feedbackAnswered": {Subject: "Antwort auf eine Nachricht: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} hat auf eine Nachricht zur Richtlinie «{{.Guideline}}» in {{.Space}} geantwortet.", "{{.Link}}"}},
		"validationOverdue": {Subject: "Validierung überfällig: {{.Guideline}}", Paragraphs: []string{
			"Die Validierungsanfrage zur Richtlinie «{{.Guideline}}» in {{.Space}} wartet länger, als Ihre Sammlung vorsieht. Erinnern Sie die Validierenden oder fügen Sie weitere hinzu.", "{{.Link}}"}},
		"acknowledgementRequired": {Subject: "Lesebestätigung verlangt: {{.Guideline}}", Paragraphs: []string{
			"Die Richtlinie «{{.Guideline}}» in {{.Space}} wurde wesentlich geändert. Bitte lesen Sie die Änderung und bestätigen Sie, dass Sie sie gelesen und verstanden haben.", "{{.Link}}"}},
		"partlyApproved": {Subject: "{{.Approvals}} von {{.Required}} Freigaben: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} hat die Richtlinie «{{.Guideline}}» in {{.Space}} freigegeben: {{.Approvals}} von {{.Required}} Freigaben. Sie wird publiziert, sobald alle nötigen Freigaben vorliegen.", "{{.Link}}"}},
		"approvalAwaited": {Subject: "Wartet auf Ihre Freigabe: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} hat die Richtlinie «{{.Guideline}}» in {{.Space}} freigegeben ({{.Approvals}} von {{.Required}} Freigaben). Sie wartet auf Ihre Freigabe.", "{{.Link}}"}},
		"acknowledgementReminder": {Subject: "Erinnerung: Lesebestätigung für {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} erinnert Sie daran, die aktuelle Fassung der Richtlinie «{{.Guideline}}» in {{.Space}} zu lesen und zu bestätigen.", "{{.Link}}"}},
		"guidelineNotInToc": {Subject: "Nicht im Inhaltsverzeichnis: {{.Guideline}}", Paragraphs: []string{
			"Die Richtlinie «{{.Guideline}}» in {{.Space}} wurde veröffentlicht, steht aber nicht im Inhaltsverzeichnis ihrer Sammlung. Lesende finden sie dort erst, wenn Sie sie einordnen.", "{{.Link}}"}},
		"weeklyDigest": {Subject: "Ihre Aufgaben in Vademecum", Paragraphs: []string{
			"Hier ist Ihre wöchentliche Übersicht der offenen Aufgaben:", "{{.List}}",
			"Sie erhalten diese Übersicht, weil Sie die wöchentliche Erinnerung in Ihrem Profil eingeschaltet haben."}},
		"digestLine": {Paragraphs: []string{"{{.Space}}: {{.Validations}} Validierungsanfragen, {{.Guidelines}} Richtlinien brauchen Sie"}},
		"invitation": {Subject: "Einladung zu {{.Space}}", Paragraphs: []string{
			"{{.Sender}} lädt Sie zu {{.Space}} in Vademecum ein, wo die Organisation ihre klinischen Richtlinien führt.",
			"Wählen Sie über diesen Link Ihren Namen und Ihr Passwort, um Ihr Konto zu aktivieren. Der Link ist 14 Tage gültig und funktioniert einmal:",
			"{{.Link}}",
			"Falls Sie diese Einladung nicht erwartet haben, können Sie diese Nachricht ignorieren."}},
		"verification": {Subject: "Bestätigen Sie Ihre E-Mail-Adresse", Paragraphs: []string{
			"Bitte bestätigen Sie, dass {{.Email}} Ihre Adresse für Vademecum ({{.Space}}) ist. Der Link ist 7 Tage gültig und funktioniert einmal:",
			"{{.Link}}",
			"Falls Sie sich nicht registriert haben, können Sie diese Nachricht ignorieren."}},
		"passwordReset": {Subject: "Neues Passwort für Vademecum", Paragraphs: []string{
			"Sie haben ein neues Passwort für Ihr Konto {{.Email}} angefordert. Wählen Sie es über diesen Link; er ist 30 Minuten gültig und funktioniert einmal:",
			"{{.Link}}",
			"Falls Sie das nicht waren, ignorieren Sie diese Nachricht: Ihr Passwort bleibt, wie es ist."}},
		"emailChange": {Subject: "Neue E-Mail-Adresse bestätigen", Paragraphs: []string{
			"Bitte bestätigen Sie, dass Ihr Vademecum-Konto künftig die Adresse {{.Email}} verwenden soll. Die Adresse wird erst geändert, wenn Sie diesem Link folgen; er ist 24 Stunden gültig:",
			"{{.Link}}",
			"Falls Sie das nicht veranlasst haben, ignorieren Sie diese Nachricht."}},
		"emailChanged": {Subject: "Ihre E-Mail-Adresse wurde geändert", Paragraphs: []string{
			"Ihr Vademecum-Konto verwendet ab sofort die Adresse {{.Email}} statt dieser. Mit dieser Adresse können Sie sich nicht mehr anmelden.",
			"Falls Sie das nicht veranlasst haben, wenden Sie sich bitte sofort an die Administration von {{.Space}}."}},
		"accountExists": {Subject: "Ihr Konto bei Vademecum", Paragraphs: []string{
			"Jemand hat versucht, mit {{.Email}} ein neues Konto bei {{.Space}} zu erstellen. Für diese Adresse besteht bereits ein Konto: Melden Sie sich an oder wählen Sie dort «Passwort vergessen?».",
			"{{.Link}}",
			"Falls Sie das nicht waren, können Sie diese Nachricht ignorieren."}},
		"footer": {Paragraphs: []string{"Diese Nachricht wurde von Vademecum automatisch versandt."}},
	},
	"en": {
		"greeting": {Paragraphs: []string{"Hello {{.Name}}"}},
		"membershipAccepted": {Subject: "Welcome to {{.Space}}", Paragraphs: []string{
			"Your request to become a member of {{.Space}} has been accepted. You will find the organisation's guidelines here:",
			"{{.Link}}"}},
		"membershipDeclined": {Subject: "Your request to {{.Space}}", Paragraphs: []string{
			"Your request to become a member of {{.Space}} has been declined. If you have questions, please contact the administrators of {{.Space}}."}},
		"submitted": {Subject: "Validation requested: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} asks you to validate the guideline “{{.Guideline}}” in {{.Space}}.", "{{.Link}}"}},
		"accepted": {Subject: "Validated: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} validated the guideline “{{.Guideline}}” in {{.Space}}. It is online now.", "{{.Link}}"}},
		"rejected": {Subject: "Rejected: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} rejected the validation of the guideline “{{.Guideline}}” in {{.Space}}. You will find the reason in the guideline.", "{{.Link}}"}},
		"guidelineExpiring": {Subject: "Expiring soon: {{.Guideline}}", Paragraphs: []string{
			"The validity of the guideline “{{.Guideline}}” in {{.Space}} ends soon. Please renew its validation.", "{{.Link}}"}},
		"guidelineExpired": {Subject: "Expired: {{.Guideline}}", Paragraphs: []string{
			"The validity of the guideline “{{.Guideline}}” in {{.Space}} has ended; readers no longer see it. Please renew its validation.", "{{.Link}}"}},
		"commented": {Subject: "New comment: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} commented on the guideline “{{.Guideline}}” in {{.Space}}.", "{{.Link}}"}},
		"commentAnswered": {Subject: "Answer to a comment: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} answered a comment on the guideline “{{.Guideline}}” in {{.Space}}.", "{{.Link}}"}},
		"feedbackReceived": {Subject: "Message about {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} wrote to you as an author of the guideline “{{.Guideline}}” in {{.Space}}.", "{{.Link}}"}},
		"feedbackAnswered": {Subject: "Reply to a message: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} replied to a message about the guideline “{{.Guideline}}” in {{.Space}}.", "{{.Link}}"}},
		"validationOverdue": {Subject: "Validation overdue: {{.Guideline}}", Paragraphs: []string{
			"The validation request for the guideline “{{.Guideline}}” in {{.Space}} has waited longer than your collection allows. Remind its validators or add more.", "{{.Link}}"}},
		"acknowledgementRequired": {Subject: "Acknowledgement required: {{.Guideline}}", Paragraphs: []string{
			"The guideline “{{.Guideline}}” in {{.Space}} has changed in an important way. Please read the change and confirm that you have read and understood it.", "{{.Link}}"}},
		"partlyApproved": {Subject: "{{.Approvals}} of {{.Required}} approvals: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} approved the guideline “{{.Guideline}}” in {{.Space}}: {{.Approvals}} of {{.Required}} approvals. It is published once all required approvals are given.", "{{.Link}}"}},
		"approvalAwaited": {Subject: "Awaiting your approval: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} approved the guideline “{{.Guideline}}” in {{.Space}} ({{.Approvals}} of {{.Required}} approvals). It awaits your approval.", "{{.Link}}"}},
		"acknowledgementReminder": {Subject: "Reminder: acknowledge {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} reminds you to read and acknowledge the current version of the guideline “{{.Guideline}}” in {{.Space}}.", "{{.Link}}"}},
		"guidelineNotInToc": {Subject: "Not in the table of contents: {{.Guideline}}", Paragraphs: []string{
			"The guideline “{{.Guideline}}” in {{.Space}} has been published but is not in its collection's table of contents. Readers will find it there once you place it.", "{{.Link}}"}},
		"weeklyDigest": {Subject: "Your tasks in Vademecum", Paragraphs: []string{
			"Here is your weekly overview of open tasks:", "{{.List}}",
			"You receive this overview because you turned on the weekly reminder in your profile."}},
		"digestLine": {Paragraphs: []string{"{{.Space}}: {{.Validations}} validation requests, {{.Guidelines}} guidelines need you"}},
		"invitation": {Subject: "Invitation to {{.Space}}", Paragraphs: []string{
			"{{.Sender}} invites you to {{.Space}} on Vademecum, where the organisation keeps its clinical guidelines.",
			"Choose your name and password through this link to activate your account. The link is valid for 14 days and works once:",
			"{{.Link}}",
			"If you did not expect this invitation, you can ignore this message."}},
		"verification": {Subject: "Confirm your e-mail address", Paragraphs: []string{
			"Please confirm that {{.Email}} is your address for Vademecum ({{.Space}}). The link is valid for 7 days and works once:",
			"{{.Link}}",
			"If you did not sign up, you can ignore this message."}},
		"passwordReset": {Subject: "New password for Vademecum", Paragraphs: []string{
			"You asked for a new password for your account {{.Email}}. Choose it through this link; it is valid for 30 minutes and works once:",
			"{{.Link}}",
			"If this was not you, ignore this message: your password stays as it is."}},
		"emailChange": {Subject: "Confirm your new e-mail address", Paragraphs: []string{
			"Please confirm that your Vademecum account is to use the address {{.Email}} from now on. The address changes only once you follow this link; it is valid for 24 hours:",
			"{{.Link}}",
			"If you did not ask for this, ignore this message."}},
		"emailChanged": {Subject: "Your e-mail address was changed", Paragraphs: []string{
			"Your Vademecum account now uses the address {{.Email}} instead of this one. You can no longer sign in with this address.",
			"If you did not ask for this, please contact the administrators of {{.Space}} at once."}},
		"accountExists": {Subject: "Your Vademecum account", Paragraphs: []string{
			"Someone tried to create a new account at {{.Space}} with {{.Email}}. This address already has an account: sign in, or choose “Forgot password?” there.",
			"{{.Link}}",
			"If this was not you, you can ignore this message."}},
		"footer": {Paragraphs: []string{"This message was sent automatically by Vademecum."}},
	},
	"fr": {
		"greeting": {Paragraphs: []string{"Bonjour {{.Name}}"}},
		"membershipAccepted": {Subject: "Bienvenue chez {{.Space}}", Paragraphs: []string{
			"Votre demande d'adhésion à {{.Space}} a été acceptée. Vous trouverez les directives de l'organisation ici :",
			"{{.Link}}"}},
		"membershipDeclined": {Subject: "Votre demande auprès de {{.Space}}", Paragraphs: []string{
			"Votre demande d'adhésion à {{.Space}} a été refusée. Pour toute question, veuillez vous adresser aux administrateurs de {{.Space}}."}},
		"submitted": {Subject: "Validation demandée : {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} vous demande de valider la directive « {{.Guideline}} » dans {{.Space}}.", "{{.Link}}"}},
		"accepted": {Subject: "Validée : {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} a validé la directive « {{.Guideline}} » dans {{.Space}}. Elle est maintenant en ligne.", "{{.Link}}"}},
		"rejected": {Subject: "Refusée : {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} a refusé la validation de la directive « {{.Guideline}} » dans {{.Space}}. Vous trouverez le motif dans la directive.", "{{.Link}}"}},
		"guidelineExpiring": {Subject: "Expire bientôt : {{.Guideline}}", Paragraphs: []string{
			"La validité de la directive « {{.Guideline}} » dans {{.Space}} prend bientôt fin. Veuillez renouveler sa validation.", "{{.Link}}"}},
		"guidelineExpired": {Subject: "Expirée : {{.Guideline}}", Paragraphs: []string{
			"La validité de la directive « {{.Guideline}} » dans {{.Space}} a pris fin ; les lecteurs ne la voient plus. Veuillez renouveler sa validation.", "{{.Link}}"}},
		"commented": {Subject: "Nouveau commentaire : {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} a commenté la directive « {{.Guideline}} » dans {{.Space}}.", "{{.Link}}"}},
		"commentAnswered": {Subject: "Réponse à un commentaire : {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} a répondu à un commentaire sur la directive « {{.Guideline}} » dans {{.Space}}.", "{{.Link}}"}},
		"feedbackReceived": {Subject: "Message sur {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} vous a écrit en tant qu'auteur de la directive « {{.Guideline}} » dans {{.Space}}.", "{{.Link}}"}},
		"feedbackAnswered": {Subject: "Réponse à un message : {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} a répondu à un message sur la directive « {{.Guideline}} » dans {{.Space}}.", "{{.Link}}"}},
		"validationOverdue": {Subject: "Validation en retard : {{.Guideline}}", Paragraphs: []string{
			"La demande de validation de la directive « {{.Guideline}} » dans {{.Space}} attend plus longtemps que votre collection ne le prévoit. Relancez ses validateurs ou ajoutez-en.", "{{.Link}}"}},
		"acknowledgementRequired": {Subject: "Confirmation de lecture demandée : {{.Guideline}}", Paragraphs: []string{
			"La directive « {{.Guideline}} » dans {{.Space}} a subi une modification importante. Veuillez lire la modification et confirmer que vous l'avez lue et comprise.", "{{.Link}}"}},
		"partlyApproved": {Subject: "{{.Approvals}} approbation(s) sur {{.Required}} : {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} a approuvé la directive « {{.Guideline}} » dans {{.Space}} : {{.Approvals}} approbation(s) sur {{.Required}}. Elle sera publiée dès que toutes les approbations requises seront données.", "{{.Link}}"}},
		"approvalAwaited": {Subject: "En attente de votre approbation : {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} a approuvé la directive « {{.Guideline}} » dans {{.Space}} ({{.Approvals}} approbation(s) sur {{.Required}}). Elle attend votre approbation.", "{{.Link}}"}},
		"acknowledgementReminder": {Subject: "Rappel : confirmation de lecture de {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} vous rappelle de lire et de confirmer la version actuelle de la directive « {{.Guideline}} » dans {{.Space}}.", "{{.Link}}"}},
		"guidelineNotInToc": {Subject: "Absente de la table des matières : {{.Guideline}}", Paragraphs: []string{
			"La directive « {{.Guideline}} » dans {{.Space}} a été publiée mais ne figure pas dans la table des matières de sa collection. Les lecteurs l'y trouveront dès que vous l'aurez classée.", "{{.Link}}"}},
		"weeklyDigest": {Subject: "Vos tâches dans Vademecum", Paragraphs: []string{
			"Voici votre aperçu hebdomadaire des tâches ouvertes :", "{{.List}}",
			"Vous recevez cet aperçu parce que vous avez activé le rappel hebdomadaire dans votre profil."}},
		"digestLine": {Paragraphs: []string{"{{.Space}} : {{.Validations}} demandes de validation, {{.Guidelines}} directives ont besoin de vous"}},
		"invitation": {Subject: "Invitation à {{.Space}}", Paragraphs: []string{
			"{{.Sender}} vous invite à {{.Space}} sur Vademecum, où l'organisation tient ses directives cliniques.",
			"Choisissez votre nom et votre mot de passe par ce lien pour activer votre compte. Le lien est valable 14 jours et ne fonctionne qu'une fois :",
			"{{.Link}}",
			"Si vous n'attendiez pas cette invitation, vous pouvez ignorer ce message."}},
		"verification": {Subject: "Confirmez votre adresse e-mail", Paragraphs: []string{
			"Veuillez confirmer que {{.Email}} est votre adresse pour Vademecum ({{.Space}}). Le lien est valable 7 jours et ne fonctionne qu'une fois :",
			"{{.Link}}",
			"Si vous ne vous êtes pas inscrit, vous pouvez ignorer ce message."}},
		"passwordReset": {Subject: "Nouveau mot de passe pour Vademecum", Paragraphs: []string{
			"Vous avez demandé un nouveau mot de passe pour votre compte {{.Email}}. Choisissez-le par ce lien ; il est valable 30 minutes et ne fonctionne qu'une fois :",
			"{{.Link}}",
			"Si ce n'était pas vous, ignorez ce message : votre mot de passe reste inchangé."}},
		"emailChange": {Subject: "Confirmez votre nouvelle adresse e-mail", Paragraphs: []string{
			"Veuillez confirmer que votre compte Vademecum doit désormais utiliser l'adresse {{.Email}}. L'adresse ne change qu'une fois ce lien suivi ; il est valable 24 heures :",
			"{{.Link}}",
			"Si vous ne l'avez pas demandé, ignorez ce message."}},
		"emailChanged": {Subject: "Votre adresse e-mail a été changée", Paragraphs: []string{
			"Votre compte Vademecum utilise désormais l'adresse {{.Email}} au lieu de celle-ci. Vous ne pouvez plus vous connecter avec cette adresse.",
			"Si vous ne l'avez pas demandé, veuillez contacter immédiatement les administrateurs de {{.Space}}."}},
		"accountExists": {Subject: "Votre compte Vademecum", Paragraphs: []string{
			"Quelqu'un a essayé de créer un nouveau compte chez {{.Space}} avec {{.Email}}. Cette adresse a déjà un compte : connectez-vous ou choisissez « Mot de passe oublié ? ».",
			"{{.Link}}",
			"Si ce n'était pas vous, vous pouvez ignorer ce message."}},
		"footer": {Paragraphs: []string{"Ce message a été envoyé automatiquement par Vademecum."}},
	},
	"it": {
		"greeting": {Paragraphs: []string{"Buongiorno {{.Name}}"}},
		"membershipAccepted": {Subject: "Benvenuto in {{.Space}}", Paragraphs: []string{
			"La sua richiesta di diventare membro di {{.Space}} è stata accettata. Trova le direttive dell'organizzazione qui:",
			"{{.Link}}"}},
		"membershipDeclined": {Subject: "La sua richiesta a {{.Space}}", Paragraphs: []string{
			"La sua richiesta di diventare membro di {{.Space}} è stata respinta. Per domande si rivolga agli amministratori di {{.Space}}."}},
		"submitted": {Subject: "Validazione richiesta: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} le chiede di validare la direttiva «{{.Guideline}}» in {{.Space}}.", "{{.Link}}"}},
		"accepted": {Subject: "Validata: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} ha validato la direttiva «{{.Guideline}}» in {{.Space}}. Ora è online.", "{{.Link}}"}},
		"rejected": {Subject: "Respinta: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} ha respinto la validazione della direttiva «{{.Guideline}}» in {{.Space}}. Trova il motivo nella direttiva.", "{{.Link}}"}},
		"guidelineExpiring": {Subject: "In scadenza: {{.Guideline}}", Paragraphs: []string{
			"La validità della direttiva «{{.Guideline}}» in {{.Space}} sta per scadere. La preghiamo di rinnovarne la validazione.", "{{.Link}}"}},
		"guidelineExpired": {Subject: "Scaduta: {{.Guideline}}", Paragraphs: []string{
			"La validità della direttiva «{{.Guideline}}» in {{.Space}} è scaduta; i lettori non la vedono più. La preghiamo di rinnovarne la validazione.", "{{.Link}}"}},
		"commented": {Subject: "Nuovo commento: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} ha commentato la direttiva «{{.Guideline}}» in {{.Space}}.", "{{.Link}}"}},
		"commentAnswered": {Subject: "Risposta a un commento: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} ha risposto a un commento sulla direttiva «{{.Guideline}}» in {{.Space}}.", "{{.Link}}"}},
		"feedbackReceived": {Subject: "Messaggio su {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} le ha scritto in quanto autore della direttiva «{{.Guideline}}» in {{.Space}}.", "{{.Link}}"}},
		"feedbackAnswered": {Subject: "Risposta a un messaggio: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} ha risposto a un messaggio sulla direttiva «{{.Guideline}}» in {{.Space}}.", "{{.Link}}"}},
		"validationOverdue": {Subject: "Validazione in ritardo: {{.Guideline}}", Paragraphs: []string{
			"La richiesta di validazione della direttiva «{{.Guideline}}» in {{.Space}} attende più a lungo di quanto preveda la sua collezione. Solleciti i validatori o ne aggiunga altri.", "{{.Link}}"}},
		"acknowledgementRequired": {Subject: "Conferma di lettura richiesta: {{.Guideline}}", Paragraphs: []string{
			"La direttiva «{{.Guideline}}» in {{.Space}} è stata modificata in modo importante. La preghiamo di leggere la modifica e di confermare di averla letta e compresa.", "{{.Link}}"}},
		"partlyApproved": {Subject: "{{.Approvals}} approvazioni su {{.Required}}: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} ha approvato la linea guida «{{.Guideline}}» in {{.Space}}: {{.Approvals}} approvazioni su {{.Required}}. Sarà pubblicata quando tutte le approvazioni richieste saranno state date.", "{{.Link}}"}},
		"approvalAwaited": {Subject: "In attesa della sua approvazione: {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} ha approvato la linea guida «{{.Guideline}}» in {{.Space}} ({{.Approvals}} approvazioni su {{.Required}}). Attende la sua approvazione.", "{{.Link}}"}},
		"acknowledgementReminder": {Subject: "Promemoria: conferma di lettura per {{.Guideline}}", Paragraphs: []string{
			"{{.Sender}} le ricorda di leggere e confermare la versione attuale della direttiva «{{.Guideline}}» in {{.Space}}.", "{{.Link}}"}},
		"guidelineNotInToc": {Subject: "Non nell'indice: {{.Guideline}}", Paragraphs: []string{
			"La direttiva «{{.Guideline}}» in {{.Space}} è stata pubblicata ma non figura nell'indice della sua collezione. I lettori la troveranno lì quando l'avrà inserita.", "{{.Link}}"}},
		"weeklyDigest": {Subject: "I suoi compiti in Vademecum", Paragraphs: []string{
			"Ecco la sua panoramica settimanale dei compiti aperti:", "{{.List}}",
			"Riceve questa panoramica perché ha attivato il promemoria settimanale nel suo profilo."}},
		"digestLine": {Paragraphs: []string{"{{.Space}}: {{.Validations}} richieste di validazione, {{.Guidelines}} direttive hanno bisogno di lei"}},
		"invitation": {Subject: "Invito a {{.Space}}", Paragraphs: []string{
			"{{.Sender}} la invita a {{.Space}} su Vademecum, dove l'organizzazione tiene le sue direttive cliniche.",
			"Scelga il suo nome e la sua password tramite questo link per attivare il suo account. Il link è valido 14 giorni e funziona una sola volta:",
			"{{.Link}}",
			"Se non si aspettava questo invito, può ignorare questo messaggio."}},
		"verification": {Subject: "Confermi il suo indirizzo e-mail", Paragraphs: []string{
			"Confermi che {{.Email}} è il suo indirizzo per Vademecum ({{.Space}}). Il link è valido 7 giorni e funziona una sola volta:",
			"{{.Link}}",
			"Se non si è registrato, può ignorare questo messaggio."}},
		"passwordReset": {Subject: "Nuova password per Vademecum", Paragraphs: []string{
			"Ha chiesto una nuova password per il suo account {{.Email}}. La scelga tramite questo link; è valido 30 minuti e funziona una sola volta:",
			"{{.Link}}",
			"Se non è stato lei, ignori questo messaggio: la sua password resta invariata."}},
		"emailChange": {Subject: "Confermi il suo nuovo indirizzo e-mail", Paragraphs: []string{
			"Confermi che il suo account Vademecum deve usare d'ora in poi l'indirizzo {{.Email}}. L'indirizzo cambia solo quando segue questo link; è valido 24 ore:",
			"{{.Link}}",
			"Se non l'ha chiesto lei, ignori questo messaggio."}},
		"emailChanged": {Subject: "Il suo indirizzo e-mail è stato cambiato", Paragraphs: []string{
			"Il suo account Vademecum usa ora l'indirizzo {{.Email}} invece di questo. Con questo indirizzo non può più accedere.",
			"Se non l'ha chiesto lei, si rivolga subito agli amministratori di {{.Space}}."}},
		"accountExists": {Subject: "Il suo account Vademecum", Paragraphs: []string{
			"Qualcuno ha cercato di creare un nuovo account presso {{.Space}} con {{.Email}}. Questo indirizzo ha già un account: acceda oppure scelga «Password dimenticata?».",
			"{{.Link}}",
			"Se non è stato lei, può ignorare questo messaggio."}},
		"footer": {Paragraphs: []string{"Questo messaggio è stato inviato automaticamente da Vademecum."}},
	},
}

// mailData is what the mail texts may use.
type mailData struct {
	Name      string
	Space     string
	Link      string
	Guideline string
	Sender    string
	// Email is the address a mail of the account life cycle is about.
	Email       string
	Validations int
	Guidelines  int
	List        []ListItem
	// Approvals of Required: a request's approvals short of its collection's minimum.
	Approvals, Required int
}

var htmlPage = template.Must(template.New("mail").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f2;font-family:Helvetica,Arial,sans-serif;color:#1d2521">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px 28px">
{{range .Paragraphs}}{{if .List}}<ul style="margin:0 0 14px;padding-left:20px;line-height:1.5">{{range .List}}<li><a href="{{.Link}}" style="color:{{$.Color}}">{{.Text}}</a></li>{{end}}</ul>
{{else if .Link}}<p style="margin:20px 0"><a href="{{.Link}}" style="background:{{$.Color}};color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">{{.Link}}</a></p>
{{else}}<p style="margin:0 0 14px;line-height:1.5">{{.Text}}</p>
{{end}}{{end}}<p style="margin:24px 0 0;font-size:12px;color:#66706a">{{.Footer}}</p>
</div></body></html>
`))

// ListItem is a line of a list in a mail, with the address it leads to.
type ListItem struct {
	Text string
	Link string
}

// text runs a template of the catalogue over data.
func text(name, src string, data mailData) (string, error) {
	t, err := texttemplate.New(name).Option("missingkey=error").Parse(src)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	err = t.Execute(&b, data)
	return b.String(), err
}

// line renders the single paragraph of a catalogue entry, e.g. a line of a list.
func line(lang, key string, data mailData) (string, error) {
	texts, ok := catalogue[lang]
	if !ok {
		texts = catalogue["de"]
	}
	msg, ok := texts[key]
	if !ok || len(msg.Paragraphs) != 1 {
		return "", fmt.Errorf("no line %q in %q", key, lang)
	}
	return text(key, msg.Paragraphs[0], data)
}

// compose renders a mail of the catalogue in a language (the default when unknown). A
// paragraph {{.Link}} alone becomes a button, a paragraph {{.List}} the list of data.List.
func compose(lang, key, to, color string, data mailData) (Mail, error) {
	texts, ok := catalogue[lang]
	if !ok {
		texts = catalogue["de"]
		lang = "de"
	}
	msg, ok := texts[key]
	if !ok {
		return Mail{}, fmt.Errorf("no mail %q in %q", key, lang)
	}
	type paragraph struct {
		Text, Link string
		List       []ListItem
	}
	var paras []paragraph
	var plain []string
	for _, src := range append(append(texts["greeting"].Paragraphs[:1:1], msg.Paragraphs...), texts["footer"].Paragraphs...) {
		if src == "{{.List}}" {
			var lines []string
			for _, item := range data.List {
				lines = append(lines, "- "+item.Text+": "+item.Link)
			}
			plain = append(plain, strings.Join(lines, "\n"))
			paras = append(paras, paragraph{List: data.List})
			continue
		}
		p, err := text(key, src, data)
		if err != nil {
			return Mail{}, err
		}
		plain = append(plain, p)
		if src == "{{.Link}}" {
			paras = append(paras, paragraph{Link: p})
		} else {
			paras = append(paras, paragraph{Text: p})
		}
	}
	subject, err := text(key, msg.Subject, data)
	if err != nil {
		return Mail{}, err
	}
	footer := paras[len(paras)-1].Text
	var html bytes.Buffer
	err = htmlPage.Execute(&html, map[string]any{"Lang": lang, "Subject": subject, "Paragraphs": paras[:len(paras)-1],
		"Footer": footer, "Color": color})
	return Mail{To: to, Subject: subject, Text: strings.Join(plain, "\n\n") + "\n", HTML: html.String()}, err
}

// AccountMail is a mail of the account life cycle (services/accounts): an invitation,
// a verification, a password reset, the confirmation of a new address, and the notices
// "your address was changed" and "you already have an account".
type AccountMail struct {
	// Key is the catalogue entry: invitation, verification, passwordReset, emailChange,
	// emailChanged or accountExists.
	Key  string
	Lang string
	To   string
	// Color is the accent of the space the mail comes from.
	Color string
	// Name greets the recipient; Space names the space; Sender names who invited; Email
	// is the address the mail is about; Link is the one-time link or the page to go to.
	Name, Space, Sender, Email, Link string
}

// ComposeAccount renders an account mail in its language (German when unknown).
func ComposeAccount(m AccountMail) (Mail, error) {
	return compose(m.Lang, m.Key, m.To, m.Color, mailData{Name: m.Name, Space: m.Space, Sender: m.Sender, Email: m.Email, Link: m.Link})
}
