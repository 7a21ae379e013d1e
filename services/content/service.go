// Package content holds what surrounds the guidelines: a space's announcements, the
// product's release notes, the public documents of the footer (legal notice, privacy, …),
// the recent guidelines of the welcome page and the event inbox of important changes.
package content

import (
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/tenancy"
)

// Service implements the content calls.
type Service struct {
	DB       *tenancy.DB
	Registry *tenancy.Registry
	Authz    api.RoleChecker
	// Guidelines tells which collections the caller may read, the space's own and shared ones.
	Guidelines *guidelines.Service
	Clock      guidelines.Clock
}

// Register adds the content calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "reader", "query", "announcements", s.Announcements)
	api.Call(r, "common", "query", "announcements", s.Announcements)
	api.Call(r, "admin/spaceadmin", "query", "announcements", s.SpaceAnnouncements)
	api.Call(r, "admin/spaceadmin", "mutation", "saveAnnouncement", s.SaveAnnouncement)
	api.Call(r, "admin/spaceadmin", "mutation", "deleteAnnouncement", s.DeleteAnnouncement)
	api.Call(r, "common", "query", "releaseNotes", s.ReleaseNotes)
	api.Call(r, "reader", "query", "doc", s.Doc)
	api.Call(r, "admin", "mutation", "saveDoc", s.SaveDoc, api.Accepts("", Doc{}))
	api.Call(r, "common", "query", "recentGuidelines", s.RecentGuidelines)
	api.Call(r, "reader", "query", "importantChanges", s.ImportantChanges)
}

// language checks an optional language of a request; empty is the default, de.
func language(field, lang string) (string, error) {
	if lang == "" {
		return "de", nil
	}
	return lang, guidelines.CheckLanguage(field, lang)
}
