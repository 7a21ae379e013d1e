package guidelines_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/servicetest"
	"vademecum/tenancy"
)

// saveTemplate saves a template as user in sp.
func (f *authoring) saveTemplate(sp *tenancy.Space, user int64, in guidelines.TemplateInput) (guidelines.Template, error) {
	return f.svc.SaveTemplate(f.As(sp, user), guidelines.SaveTemplateRequest{Template: in})
}

// templates lists the templates of sp in a language as user.
func (f *authoring) templates(t *testing.T, sp *tenancy.Space, user int64, lang string) []guidelines.Template {
	t.Helper()
	list, err := f.svc.Templates(f.As(sp, user), guidelines.TemplatesRequest{Language: lang})
	require.NoError(t, err)
	return list
}

// templateTitles are the titles of a list of templates, in order.
func templateTitles(list []guidelines.Template) []string {
	out := make([]string, len(list))
	for i, t := range list {
		out[i] = t.Title
	}
	return out
}

// TestIntegrationTemplates proves that a space's templates are kept sanitised, listed by
// title to its authors with who may change them, and that bad input writes nothing.
func TestIntegrationTemplates(t *testing.T) {
	f := newAuthoring(t)
	checklist, err := f.saveTemplate(f.Alpha, f.Author, guidelines.TemplateInput{Title: " Checkliste Aufnahme ", Language: "de",
		Content: `<p onclick="steal()">Allergien erfragen</p><script>alert(1)</script><ul><li>Gewicht</li></ul>`})
	require.NoError(t, err)
	assert.Equal(t, "Checkliste Aufnahme", checklist.Title)
	assert.Equal(t, "<p>Allergien erfragen</p><ul><li>Gewicht</li></ul>", checklist.Content, "sanitised like a guideline")
	assert.Equal(t, "F author@alpha.ch", checklist.CreatedByName)
	assert.True(t, checklist.MayChange)
	_, err = f.saveTemplate(f.Alpha, f.Member, guidelines.TemplateInput{Title: "avis de non-responsabilité", Language: "fr", Content: "<p>Texte</p>"})
	require.NoError(t, err)

	assert.Equal(t, []string{"avis de non-responsabilité", "Checkliste Aufnahme"}, templateTitles(f.templates(t, f.Alpha, f.Validator, "")), "by title, any case")
	german := f.templates(t, f.Alpha, f.Member, "de")
	require.Len(t, german, 1)
	assert.Equal(t, checklist.ID, german[0].ID)
	assert.Equal(t, "F author@alpha.ch", german[0].CreatedByName)
	assert.False(t, german[0].MayChange, "another member's template")
	assert.True(t, f.templates(t, f.Alpha, f.Admin, "de")[0].MayChange, "space admins tidy up")
	assert.Empty(t, f.templates(t, f.Beta, f.BetaAdmin, ""), "another space has its own")

	for _, tc := range []struct {
		name    string
		in      guidelines.TemplateInput
		message string
	}{
		{"no title", guidelines.TemplateInput{Title: " ", Language: "de"}, "validation.required"},
		{"over-long title", guidelines.TemplateInput{Title: strings.Repeat("t", 301), Language: "de"}, "validation.tooLong"},
		{"unknown language", guidelines.TemplateInput{Title: "x", Language: "xx"}, "validation.language"},
		{"over-long content", guidelines.TemplateInput{Title: "x", Language: "de", Content: strings.Repeat("a", 256<<10+1)}, "validation.tooLong"},
		{"unknown template", guidelines.TemplateInput{ID: ptr(api.ID(999999)), Title: "x", Language: "de"}, "template.notFound"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.saveTemplate(f.Alpha, f.Author, tc.in)
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	_, err = f.svc.Templates(f.As(f.Alpha, f.Author), guidelines.TemplatesRequest{Language: "xx"})
	assert.Equal(t, "validation.language", servicetest.Message(err))
	assert.Equal(t, 2, f.Count(t, f.Alpha, "templates"), "nothing written")
}

// TestIntegrationTemplateChanges proves that a template is changed or deleted only by its
// writer or a space admin, that one whose writer's account is gone stays with the space
// admins, and that ids of another space are not found.
func TestIntegrationTemplateChanges(t *testing.T) {
	f := newAuthoring(t)
	checklist, err := f.saveTemplate(f.Alpha, f.Author, guidelines.TemplateInput{Title: "Checkliste Aufnahme", Language: "de", Content: "<p>Alt</p>"})
	require.NoError(t, err)
	avis, err := f.saveTemplate(f.Alpha, f.Member, guidelines.TemplateInput{Title: "avis", Language: "fr", Content: "<p>Texte</p>"})
	require.NoError(t, err)
	del := func(sp *tenancy.Space, user, id int64) error {
		_, err := f.svc.DeleteTemplate(f.As(sp, user), guidelines.TemplateRequest{ID: api.ID(id)})
		return err
	}

	_, err = f.saveTemplate(f.Alpha, f.Member, guidelines.TemplateInput{ID: ptr(api.ID(checklist.ID)), Title: "Meine jetzt", Language: "de"})
	assert.Equal(t, "forbidden", servicetest.Message(err))
	assert.Equal(t, "forbidden", servicetest.Message(del(f.Alpha, f.Member, checklist.ID)))
	assert.Equal(t, "forbidden", servicetest.Message(del(f.Alpha, f.CollAdmin, checklist.ID)), "a collection admin is no space admin")
	assert.Equal(t, "template.notFound", servicetest.Message(del(f.Beta, f.BetaAdmin, checklist.ID)), "ids of another space")
	_, err = f.saveTemplate(f.Beta, f.BetaAdmin, guidelines.TemplateInput{ID: ptr(api.ID(checklist.ID)), Title: "x", Language: "de"})
	assert.Equal(t, "template.notFound", servicetest.Message(err))
	assert.Equal(t, []string{"avis", "Checkliste Aufnahme"}, templateTitles(f.templates(t, f.Alpha, f.Author, "")), "refusals change nothing")

	renamed, err := f.saveTemplate(f.Alpha, f.Author, guidelines.TemplateInput{ID: ptr(api.ID(checklist.ID)), Title: "Checkliste Eintritt", Language: "fr", Content: "<p>Neu</p>"})
	require.NoError(t, err)
	assert.Equal(t, checklist.ID, renamed.ID)
	assert.Equal(t, []string{"Checkliste Eintritt", "fr", "<p>Neu</p>"}, []string{renamed.Title, renamed.Language, renamed.Content})
	assert.False(t, renamed.Updated.Before(checklist.Updated))
	assert.Len(t, f.templates(t, f.Alpha, f.Author, "fr"), 2)

	// a template whose writer's account is gone stays with the space admins
	_, err = f.DB.Control().Exec(t.Context(), "UPDATE "+f.Alpha.Schema+".templates SET created_by = NULL WHERE id = $1", avis.ID)
	require.NoError(t, err)
	assert.Equal(t, "forbidden", servicetest.Message(del(f.Alpha, f.Member, avis.ID)))
	orphan, err := f.saveTemplate(f.Alpha, f.Admin, guidelines.TemplateInput{ID: ptr(api.ID(avis.ID)), Title: "Avis", Language: "fr", Content: "<p>Texte</p>"})
	require.NoError(t, err)
	assert.Empty(t, orphan.CreatedByName)
	assert.True(t, orphan.MayChange)

	require.NoError(t, del(f.Alpha, f.Author, checklist.ID))
	require.NoError(t, del(f.Alpha, f.Admin, avis.ID))
	assert.Equal(t, "template.notFound", servicetest.Message(del(f.Alpha, f.Admin, avis.ID)))
	assert.Empty(t, f.templates(t, f.Alpha, f.Author, ""))
}
