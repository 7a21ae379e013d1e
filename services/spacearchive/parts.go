// Package spacearchive gathers what each context contributes to a space's archive
// (`tenancy space dump` and `restore`): every context exports and imports its own
// control-plane rows of the space, and tenancy carries them with the space's schema data.
package spacearchive

import (
	"context"

	"github.com/jackc/pgx/v5"

	"vademecum/services/content"
	"vademecum/services/favorites"
	"vademecum/services/media"
	"vademecum/services/search"
	"vademecum/services/search/searchjob"
	"vademecum/services/sharing"
	"vademecum/services/spaces"
	"vademecum/services/sso"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Parts are the archive's parts. Of the control tables that name a space, an archive holds:
// the space's record with its settings and variables (control.spaces, tenancy), its images,
// members and admins, pending membership requests and metadata choices (space_images,
// space_members, membership_requests, space_metadata: spaces), the people it names
// (user_spaces: users; checked in the target, not copied), the offers of its collections
// (shared_collections: sharing), its announcements (announcements, announcement_texts:
// content), the identity providers its sign-in page offers (identity_provider_spaces: sso),
// which collections were indexed (search_documents, search_suggestions: search; the index is
// derived, so it is rebuilt), and its search vocabulary (search_synonyms, search_gaps: search).
// It leaves out what belongs to the original's operation
// rather than to its content: sessions, sign-in flows (oidc_flows) and one-time tokens
// (account_tokens: invitations are secrets sent by mail that name the original space), the
// audit trail (audit_log: the installation's record of what happened, kept for its retention;
// the restore records itself), answered membership requests, jobs not yet handed over
// (job_outbox_pending, and the space's own job_outbox), operations run on it
// (space_operations), placement leftovers (space_leftovers), and offers received from other
// spaces (their decisions about the original). Uploaded files come from store.
func Parts(store *media.Store, jobs searchjob.Inserter) tenancy.ArchiveParts {
	p := tenancy.ArchiveParts{
		Control: []tenancy.ControlPart{users.ArchivePart(), spaces.ArchivePart(), sharing.ArchivePart(), content.ArchivePart(), sso.ArchivePart(),
			searchjob.ArchivePart(jobs), search.VocabularyArchivePart()},
		Renumber: []func(ctx context.Context, tx pgx.Tx, from, to int64) error{favorites.RenumberSpace},
	}
	if store != nil {
		p.Blobs = store.ArchiveBlobs()
	}
	return p
}
