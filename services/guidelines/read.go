package guidelines

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/tenancy"
)

// Reader conditions of spec §4: why a language of a guideline cannot be read. All answer 404
// (the transport of spec §8 reads message and params of 403 and 404 only, so a 410 would
// reach the UI as a bare "invalid request"); the message key tells the UI which one.
var (
	ErrUnpublished  = api.NotFound("reader.notPublished")
	ErrArchivedText = api.NotFound("reader.archived")
	ErrOffline      = api.NotFound("reader.offline")
	ErrExpired      = api.NotFound("reader.expired")
	// ErrMayNotRead is the 403 of a reader whose collection is not visible; its params name
	// the action that could open it (ReadActionFor).
	ErrMayNotRead = api.Forbidden("reader.forbidden")
)

// Actions offered to a reader who may not read a guideline.
const (
	ActionSignIn            = "signIn"
	ActionRequestMembership = "requestMembership"
	ActionContactAdmin      = "contactAdmin"
)

// Condition tells why readers do not see a language with these facts at a moment: nil when
// they do. It explains Readable (a test proves that the two agree) in the order a reader
// needs to hear it: never published, archived, taken offline, expired (with its date).
func Condition(f Facts, now time.Time) error {
	switch {
	case f.Published == nil:
		return ErrUnpublished
	case f.Archived:
		return ErrArchivedText
	case !f.Online:
		return ErrOffline
	case f.ValidUntil != nil && !now.Before(*f.ValidUntil):
		return ErrExpired.With(map[string]any{"validUntil": f.ValidUntil.UTC().Format(time.RFC3339)})
	}
	return nil
}

// ReadActionFor is the action offered to a caller who may not read a collection: anonymous
// callers sign in, users of another space ask to join this one, members ask an administrator.
func ReadActionFor(anonymous, spaceUser bool) string {
	switch {
	case anonymous:
		return ActionSignIn
	case !spaceUser:
		return ActionRequestMembership
	}
	return ActionContactAdmin
}

// Reach is how the caller stands to a guideline.
type Reach struct {
	Collection int64
	Author     bool // author or co-author
	Admin      bool // administrator of the guideline's collection (or of the space)
	visibility string
	member     bool // holds a role in the collection other than reading its history
}

// reachColumns select how the caller (user id $2) stands to guideline g of collection c, in
// the order Reach.targets scans them.
const reachColumns = `g.collection_id, c.visibility, ` + writerSQL + `,
	EXISTS (SELECT 1 FROM collection_roles r WHERE r.collection_id = c.id AND r.user_id = $2 AND r.role <> 'historyReader')`

// targets are the scan destinations of reachColumns.
func (r *Reach) targets() []any { return []any{&r.Collection, &r.visibility, &r.Author, &r.member} }

// readReach reads how the caller stands to a guideline of the space tx works in, without
// what the policy says (completeReach); ErrNotFound when there is none.
func readReach(ctx context.Context, tx pgx.Tx, guideline int64) (Reach, error) {
	var r Reach
	err := tx.QueryRow(ctx, `SELECT `+reachColumns+` FROM guidelines g JOIN collections c ON c.id = g.collection_id WHERE g.id = $1`,
		guideline, policy.PrincipalFrom(ctx).UserID).Scan(r.targets()...)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, ErrNotFound
	}
	return r, err
}

// ReachOf tells how the caller stands to a guideline (ErrNotFound when there is none).
func (s *Service) ReachOf(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, guideline int64) (Reach, error) {
	r, err := readReach(ctx, tx, guideline)
	if err != nil {
		return r, err
	}
	return r, s.completeReach(ctx, sp, &r)
}

// Reading is what a reader needs to know of a guideline before its text: how the caller
// stands to it, whether its collection is open to the space it is read from, and its
// classification.
type Reading struct {
	Reach
	// Shared: the guideline's collection is open to the space it is read from, always in its
	// own space and through an active share otherwise (see Admit).
	Shared   bool
	Metadata []GuidelineMetadata
}

// readingSQL reads reachColumns of guideline $1 for user $2 with its classification by ids.
const readingSQL = `SELECT ` + reachColumns + `,
	ARRAY(SELECT m.metadata_id FROM guideline_metadata m WHERE m.guideline_id = g.id ORDER BY m.metadata_id),
	ARRAY(SELECT m.option_id FROM guideline_metadata m WHERE m.guideline_id = g.id ORDER BY m.metadata_id)
	FROM guidelines g JOIN collections c ON c.id = g.collection_id WHERE g.id = $1`

// Reading reads how the caller stands to a guideline of space source read from space sp, in
// one round trip on source (ErrNotFound when there is none), then on the control plane what
// it holds: the share that opens a guideline of another space, the names of its
// classification. Admit decides with it whether the caller may see the guideline.
func (s *Service) Reading(ctx context.Context, sp, source *tenancy.Space, guideline int64) (Reading, error) {
	var rd Reading
	var metadata, options []int64
	found := false
	err := s.DB.SpaceQuery(ctx, source, func(rows pgx.Rows) error {
		for rows.Next() {
			found = true
			if err := rows.Scan(append(rd.targets(), &metadata, &options)...); err != nil {
				return err
			}
		}
		return rows.Err()
	}, readingSQL, guideline, policy.PrincipalFrom(ctx).UserID)
	if err == nil && !found {
		err = ErrNotFound
	}
	if err != nil {
		return rd, err
	}
	if rd.Shared, err = s.openTo(ctx, sp, source, rd.Collection); err != nil {
		return rd, err
	}
	choices := make([]Choice, len(metadata))
	for i := range metadata {
		choices[i] = Choice{MetadataID: metadata[i], OptionID: options[i]}
	}
	rd.Metadata, err = s.Metadata(ctx, source.ID, choices)
	return rd, err
}

// ManageCollection checks that a collection of the space tx works in exists (404) and that
// the caller administers it (collection admin, space admin; else api.ErrForbidden).
func (s *Service) ManageCollection(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, collection int64) error {
	if err := collectionExists(ctx, tx, collection); err != nil {
		return err
	}
	return s.requireManage(ctx, sp, collection)
}

// completeReach adds what the policy says of the caller to the columns read.
func (s *Service) completeReach(ctx context.Context, sp *tenancy.Space, r *Reach) error {
	var err error
	r.Admin, err = s.Authz.Can(ctx, policy.PrincipalFrom(ctx), policy.CollectionDomain(sp.ID, r.Collection), "collection", "manage")
	return err
}

// CollectionVisible is the reading rule of ARCHITECTURE §5 for one collection: public to
// anyone, protected to the users of the space, private to those holding a role in it (a
// designation to read its history does not count, docs/decisions/021); space admins see every
// collection. The collections' list queries apply it in SQL.
func CollectionVisible(visibility string, spaceUser, spaceAdmin, hasRole bool) bool {
	return visibility == "public" || (visibility == "protected" && spaceUser) || spaceAdmin || hasRole
}
