package main

import (
	"context"
	"fmt"
	"time"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/collections"
	"vademecum/services/guidelines"
	"vademecum/services/spaces"
	"vademecum/services/validation"
	"vademecum/tenancy"
)

// demoGuideline is a guideline of the demo data: its languages or versions, whether they are
// published or wait for validation, when they were published, and its specialty (an option of
// the demo metadata).
type demoGuideline struct {
	collection int
	specialty  int
	versions   []guidelines.VersionInput
	publish    bool
	// history tells, version by version, when it was published and what its validator said;
	// versions beyond it are published now as first versions.
	history []demoRelease
}

// demoRelease is a past publication of a demo version.
type demoRelease struct {
	monthsAgo int
	change    validation.Content
	comment   string
}

// firstRelease is how a demo version without a history is submitted and accepted now.
var firstRelease = demoRelease{change: validation.Content{Title: "Erstfassung", Description: "Neue Richtlinie", Important: true}, comment: "Geprüft"}

// seedGuidelines gives kssg two collections with an author (Max), a validator (Vera) and
// guidelines in every state a reader or validator meets first: published in two languages,
// published in one, one waiting for validation, one whose validity ran out a month ago and one
// with a history (first published eight months ago, changed importantly two months ago).
func seedGuidelines(ctx context.Context, a *app, spaceID int64, people map[string]int64) error {
	sp, err := a.registry.ByID(ctx, spaceID)
	if err != nil {
		return err
	}
	admin, author, validator := people["anna.admin@kssg.ch"], people["max.member@kssg.ch"], people["vera.validator@kssg.ch"]
	as := func(user int64) context.Context {
		return policy.WithPrincipal(tenancy.WithSpace(ctx, sp), policy.Principal{UserID: user})
	}
	var colls []int64
	for _, c := range []collections.CollectionInput{
		{Title: "Notfallmedizin", Visibility: "public", Admins: []api.ID{api.ID(admin)}},
		{Title: "Intensivmedizin", Visibility: "protected", Admins: []api.ID{api.ID(admin)}},
	} {
		created, err := a.collections.CreateCollection(as(admin), collections.CreateRequest{SpaceID: api.ID(spaceID), Collection: c})
		if err != nil {
			return err
		}
		colls = append(colls, created.ID)
		if _, err := a.collections.AddMembers(as(admin), collections.AddMembersRequest{Collection: api.ID(created.ID), Members: []api.ID{api.ID(author)}}); err != nil {
			return err
		}
		if _, err := a.collections.AddValidators(as(admin), collections.AddValidatorsRequest{Collection: api.ID(created.ID), Validators: []api.ID{api.ID(validator)}}); err != nil {
			return err
		}
	}
	specialty, err := seedMetadata(as(admin), a, spaceID)
	if err != nil {
		return err
	}
	for _, g := range demoGuidelines() {
		v := api.ID(validator)
		id, err := a.guidelines.CreateGuideline(as(author), guidelines.CreateRequest{Collection: api.ID(colls[g.collection]), Validator: &v})
		if err != nil {
			return err
		}
		if _, err := a.guidelines.SetMetadata(as(author), guidelines.SetMetadataRequest{GuidelineID: api.ID(id), Metadata: []guidelines.MetadataChoice{
			{MetadataID: api.ID(specialty.ID), OptionID: api.ID(specialty.Options[g.specialty].ID)}}}); err != nil {
			return err
		}
		for i, version := range g.versions {
			version.GuidelineID = api.ID(id)
			n, err := a.guidelines.AddGuidelineVersion(as(author), guidelines.AddVersionRequest{Glv: version})
			if err != nil {
				return fmt.Errorf("demo guideline %q: %w", version.Title, err)
			}
			release := firstRelease
			if i < len(g.history) {
				release = g.history[i]
			}
			req, err := a.validation.SubmitToValidation(as(author), validation.SubmitRequest{GuidelineID: api.ID(id), GuidelineVersion: n,
				Validation: release.change})
			if err != nil {
				return err
			}
			if !g.publish {
				continue
			}
			if _, err := a.validation.AcceptValidation(as(validator), validation.AcceptRequest{Revision: api.ID(req.Revision), Comment: release.comment,
				ValidationContent: release.change}); err != nil {
				return err
			}
			if release.monthsAgo > 0 {
				if err := a.validation.Backdate(as(validator), req.Revision, time.Now().AddDate(0, -release.monthsAgo, 0)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// seedMetadata defines the metadata kssg classifies its guidelines by (specialty and target
// group) and returns the specialty.
func seedMetadata(ctx context.Context, a *app, spaceID int64) (spaces.Metadata, error) {
	var ids []api.ID
	var specialty spaces.Metadata
	for i, in := range []spaces.MetadataInput{
		{Names: api.Texts{De: "Fachgebiet", En: "Specialty", Fr: "Spécialité", It: "Specialità"},
			Descriptions: api.Texts{De: "Medizinisches Fachgebiet der Richtlinie", En: "Medical specialty of the guideline"},
			Options: []spaces.OptionInput{
				{Names: api.Texts{De: "Notfallmedizin", En: "Emergency medicine", Fr: "Médecine d'urgence", It: "Medicina d'urgenza"}},
				{Names: api.Texts{De: "Intensivmedizin", En: "Intensive care", Fr: "Soins intensifs", It: "Medicina intensiva"}},
				{Names: api.Texts{De: "Pharmakologie", En: "Pharmacology"}}}},
		{Names: api.Texts{De: "Zielgruppe", En: "Audience", Fr: "Public cible", It: "Destinatari"},
			Descriptions: api.Texts{De: "Für wen die Richtlinie geschrieben ist", En: "Whom the guideline is written for"},
			Options: []spaces.OptionInput{
				{Names: api.Texts{De: "Ärztinnen und Ärzte", En: "Physicians", Fr: "Médecins", It: "Medici"}},
				{Names: api.Texts{De: "Pflege", En: "Nursing", Fr: "Soins infirmiers", It: "Cure infermieristiche"}},
				{Names: api.Texts{De: "Interprofessionell"}}}},
	} {
		m, err := a.spaces.SaveMetadata(ctx, spaces.SaveMetadataRequest{Metadata: in})
		if err != nil {
			return m, err
		}
		if i == 0 {
			specialty = m
		}
		ids = append(ids, api.ID(m.ID))
	}
	_, err := a.spaces.SetSpaceMetadata(ctx, spaces.SetSpaceMetadataRequest{SpaceID: api.ID(spaceID), MetadataIDs: ids})
	return specialty, err
}

func demoGuidelines() []demoGuideline {
	section := func(title, content string) guidelines.DetailInput {
		return guidelines.DetailInput{Title: title, Content: content}
	}
	return []demoGuideline{
		{collection: 0, publish: true, versions: []guidelines.VersionInput{
			{Language: "de", Title: "Sepsis – Erstversorgung", Description: "Erkennen und Behandeln in der ersten Stunde",
				Tags: []string{"Sepsis", "Notfall"}, SearchTags: []guidelines.SearchTag{{Tag: "Blutvergiftung", Boost: true}},
				Details: []guidelines.DetailInput{
					section("Erkennen", `<p>Verdacht auf Sepsis bei Infekt und <strong>qSOFA ≥ 2</strong>: Atemfrequenz ≥ 22/min, veränderter Bewusstseinszustand, systolischer Blutdruck ≤ 100 mmHg.<sup data-footnote-ref="fn1" id="ref-fn1"><a href="#fn1">1</a></sup></p>`+
						`<section data-footnotes=""><ol><li id="fn1">Singer M et al. JAMA 2016;315:801–810.</li></ol></section>`),
					section("Erste Stunde", `<ol><li>Blutkulturen (2 Paare) vor Antibiotika</li><li>Laktat messen</li><li>Antibiotika innerhalb einer Stunde</li><li>Kristalloide 30 ml/kg bei Hypotonie oder Laktat ≥ 4 mmol/l</li></ol>`),
					section("Antibiotika", `<table><thead><tr><th>Fokus</th><th>Erste Wahl</th><th>Bei Penicillinallergie</th></tr></thead><tbody>`+
						`<tr><td>Unbekannt</td><td>Piperacillin/Tazobactam 4,5 g i.v. alle 6 h</td><td>Meropenem 1 g i.v. alle 8 h</td></tr>`+
						`<tr><td>Pneumonie</td><td>Ceftriaxon 2 g i.v. + Clarithromycin 500 mg</td><td>Levofloxacin 500 mg alle 12 h</td></tr>`+
						`<tr><td>Harnwege</td><td>Ceftriaxon 2 g i.v.</td><td>Gentamicin 5 mg/kg</td></tr></tbody></table>`),
				}},
			{Language: "fr", Title: "Sepsis – prise en charge initiale", Description: "Reconnaître et traiter dans la première heure",
				Tags: []string{"sepsis", "urgence"}, Details: []guidelines.DetailInput{
					section("Reconnaître", `<p>Suspicion de sepsis en cas d'infection et <strong>qSOFA ≥ 2</strong>.</p>`),
					section("Première heure", `<ol><li>Hémocultures (2 paires) avant les antibiotiques</li><li>Mesurer le lactate</li><li>Antibiotiques dans l'heure</li></ol>`),
				}},
		}},
		{collection: 0, publish: true, versions: []guidelines.VersionInput{
			{Language: "de", Title: "Anaphylaxie", Description: "Sofortmassnahmen bei Erwachsenen", Tags: []string{"Allergie", "Notfall"},
				Details: []guidelines.DetailInput{
					section("Sofort", `<p><strong>Adrenalin 0,5 mg i.m.</strong> (0,5 ml der Lösung 1 mg/ml) in den lateralen Oberschenkel, bei Bedarf nach 5 Minuten wiederholen.</p>`),
					section("Danach", `<ul><li>Sauerstoff, Beine hoch</li><li>Kristalloide 500–1000 ml</li><li>Überwachung mindestens 6 Stunden</li></ul>`),
				}},
		}},
		{collection: 1, specialty: 1, publish: false, versions: []guidelines.VersionInput{
			{Language: "de", Title: "Delir-Prävention auf der Intensivstation", Description: "Nicht-medikamentöse Massnahmen",
				Tags: []string{"Delir", "Intensivmedizin"}, Details: []guidelines.DetailInput{
					section("Massnahmen", `<ul><li>Tag-Nacht-Rhythmus, Brille und Hörgerät</li><li>Frühmobilisation</li><li>CAM-ICU zweimal täglich</li></ul>`),
				}},
		}},
		{collection: 0, specialty: 2, publish: true, history: []demoRelease{{monthsAgo: 13, change: firstRelease.change, comment: firstRelease.comment}}, versions: []guidelines.VersionInput{
			{Language: "de", Title: "Hyperkaliämie", Description: "Akuttherapie bei Kalium über 6 mmol/l", Tags: []string{"Elektrolyte", "Notfall"},
				Details: []guidelines.DetailInput{
					section("Sofort", `<ul><li>12-Kanal-EKG</li><li>Calciumgluconat 10 % 10 ml i.v. bei EKG-Veränderungen</li><li>Insulin 10 IE mit Glucose 25 g i.v.</li></ul>`),
				}},
		}},
		{collection: 0, publish: true, history: []demoRelease{
			{monthsAgo: 8, change: firstRelease.change, comment: "Geprüft nach den ERC-Leitlinien 2015"},
			{monthsAgo: 2, change: validation.Content{Title: "Temperaturmanagement nach ERC 2021",
				Description: "Nach Wiederbelebung Fieber vermeiden statt Kühlung auf 32–36 °C", Important: true},
				comment: "Angepasst an die ERC-Leitlinien 2021"},
		}, versions: []guidelines.VersionInput{
			{Language: "de", Title: "Reanimation Erwachsene", Description: "Erweiterte Massnahmen und Versorgung nach Wiederbelebung",
				Tags: []string{"Reanimation", "Notfall"}, Details: []guidelines.DetailInput{
					section("Erweiterte Massnahmen", `<ul><li>Thoraxkompressionen 100–120/min, Tiefe 5–6 cm</li><li>Adrenalin 1 mg i.v. alle 3–5 Minuten</li><li>Amiodaron 300 mg i.v. nach dem dritten Schock</li></ul>`),
					section("Nach Wiederbelebung", `<p>Zieltemperatur 32–36 °C für mindestens 24 Stunden.</p>`),
				}},
			{Language: "de", Title: "Reanimation Erwachsene", Description: "Erweiterte Massnahmen und Versorgung nach Wiederbelebung",
				Tags: []string{"Reanimation", "Notfall"}, Details: []guidelines.DetailInput{
					section("Erweiterte Massnahmen", `<ul><li>Thoraxkompressionen 100–120/min, Tiefe 5–6 cm</li><li>Adrenalin 1 mg i.v. alle 3–5 Minuten</li><li>Amiodaron 300 mg i.v. nach dem dritten Schock</li></ul>`),
					section("Nach Wiederbelebung", `<p>Fieber vermeiden: Temperatur höchstens 37,7 °C während mindestens 72 Stunden.</p>`),
				}},
		}},
	}
}
