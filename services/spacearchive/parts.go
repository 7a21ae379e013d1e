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
	"vademecum/services/search/searchjob"
	"vademecum/services/sharing"
	"vademecum/services/spaces"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Parts are the archive's parts. Of the control tables that name a space, an archive holds:
// the space's record (tenancy), its images, members and admins and metadata choices
// (spaces), the people it names (users: checked, not copied), the offers of its collections
// (sharing), its announcements (content), and which collections were indexed (search: the
// index is rebuilt). It leaves out what belongs to the original's operation rather than to
// its content: sessions, sign-in flows and one-time tokens (invitations name the original
// space and are secrets sent by mail), the audit trail (the installation's record of what
// happened, kept for its retention; the restore records itself), the outbox of jobs not yet
// handed over, placement leftovers, pending membership requests (spaces), offers received
// from other spaces (sharing), and the identity providers offered on its sign-in page
// (installation-wide settings the super admin links again). Uploaded files come from store.
func Parts(store *media.Store, jobs searchjob.Inserter) tenancy.ArchiveParts {
	p := tenancy.ArchiveParts{
		Control:  []tenancy.ControlPart{users.ArchivePart(), spaces.ArchivePart(), sharing.ArchivePart(), content.ArchivePart(), searchjob.ArchivePart(jobs)},
		Renumber: []func(ctx context.Context, tx pgx.Tx, from, to int64) error{favorites.RenumberSpace},
	}
	if store != nil {
		p.Blobs = store.ArchiveBlobs()
	}
	return p
}
