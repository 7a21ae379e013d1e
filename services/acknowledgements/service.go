// Package acknowledgements records what signed-in readers last read and acknowledged of each
// guideline language, lets collection admins require acknowledgement of a guideline (or of
// every guideline of a collection) from chosen members, the holders of chosen roles of the
// collection or everyone who may read it, report who acknowledged which version and remind
// the missing ones (issue 16, "Read and acknowledge").
package acknowledgements

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/notify"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// RemindEvery is how often at most a person is reminded to acknowledge a guideline language.
const RemindEvery = 7 * 24 * time.Hour

// Errors of acknowledgements.
var (
	// ErrNotCurrent refuses to acknowledge a version that is not the published one; params
	// name the published version (current).
	ErrNotCurrent = api.Conflict("acknowledgements.notCurrent")
	// ErrUnpublished: the guideline language has no version readers see.
	ErrUnpublished = api.NotFound("acknowledgements.unpublished")
	// ErrVersionNotRead: the caller neither read nor acknowledged the version.
	ErrVersionNotRead = api.NotFound("acknowledgements.versionNotRead")
)

// Service implements the acknowledgement calls of the current space.
type Service struct {
	DB         *tenancy.DB
	Guidelines *guidelines.Service
	Jobs       JobInserter
	// People reads names and addresses of the persons concerned.
	People People
	// Memberships lists the members of a space.
	Memberships Memberships
	Clock       guidelines.Clock
	// Acting records that the space names the caller from now on (for account deletion),
	// before a read is recorded.
	Acting func(ctx context.Context) error
}

// JobInserter queues jobs in a transaction.
type JobInserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// People reads users by id (services/users); ids of nobody are missing.
type People interface {
	Users(ctx context.Context, ids []int64) (map[int64]users.User, error)
}

// Memberships tell who belongs to a space (the spaces context owns memberships).
type Memberships interface {
	// SpaceMemberIDs lists the members of a space.
	SpaceMemberIDs(ctx context.Context, spaceID int64) ([]int64, error)
	// NotMembers returns those of userIDs who are not members of the space, in order.
	NotMembers(ctx context.Context, spaceID int64, userIDs []int64) ([]int64, error)
}

// RequireRequest requires acknowledgement of a guideline or of every guideline of a
// collection (exactly one of the two), or no longer (required false), from chosen space
// members and the holders of chosen roles of the collection ("member": its authors,
// "validator", "admin") or, without either, from everyone who may read it.
type RequireRequest struct {
	Guideline  *api.ID  `json:"guideline,omitempty"`
	Collection *api.ID  `json:"collection,omitempty"`
	Required   bool     `json:"required"`
	Members    []api.ID `json:"members,omitempty"`
	Roles      []string `json:"roles,omitempty"`
}

// CollectionRequest names a collection.
type CollectionRequest struct {
	Collection api.ID `json:"collection"`
}

// Requirement is from whom a guideline (or every guideline of a collection) requires
// acknowledgement.
type Requirement struct {
	Required bool `json:"required"`
	// Everyone: everyone who may read the guideline's collection.
	Everyone bool    `json:"everyone"`
	Members  []int64 `json:"members"`
	// Roles: the holders of these roles of the collection, whoever holds them when asked.
	Roles []string `json:"roles"`
	// FromCollection: the guideline has no requirement of its own and follows the one its
	// collection sets for all its guidelines.
	FromCollection bool `json:"fromCollection"`
}

func (r requirement) public() Requirement {
	return Requirement{Required: r.any(), Everyone: r.everyone, Members: append([]int64{}, r.members...), Roles: append([]string{}, r.roles...),
		FromCollection: r.fromCollection}
}

// AcknowledgeRequest acknowledges the published version of a guideline language.
type AcknowledgeRequest struct {
	Guideline api.ID `json:"guideline"`
	Language  string `json:"language"`
	Version   int    `json:"version"`
}

// Acknowledgement is the caller's acknowledgement of a version.
type Acknowledgement struct {
	Version        int       `json:"version"`
	AcknowledgedAt time.Time `json:"acknowledgedAt"`
}

// LanguageRequest names a guideline language.
type LanguageRequest struct {
	Guideline api.ID `json:"guideline"`
	Language  string `json:"language"`
}

// Person is someone concerned by an acknowledgement, as the report lists them.
type Person struct {
	UserID int64  `json:"userId"`
	Name   string `json:"name"`
	Email  string `json:"email"`
	// AcknowledgedVersion is the last version they acknowledged (null: none).
	AcknowledgedVersion *int       `json:"acknowledgedVersion"`
	AcknowledgedAt      *time.Time `json:"acknowledgedAt"`
	// Done: they acknowledged the published version.
	Done       bool       `json:"done"`
	RemindedAt *time.Time `json:"remindedAt"`
}

// Report tells who acknowledged the published version of a guideline language.
type Report struct {
	Requirement Requirement `json:"requirement"`
	// Collection is the guideline's collection, whose requirement applies without its own.
	Collection int64 `json:"collection"`
	// Version is the published version (0: none readers see).
	Version int      `json:"version"`
	Title   string   `json:"title"`
	Done    int      `json:"done"`
	Missing int      `json:"missing"`
	People  []Person `json:"people"`
}

// Reminded counts the people a reminder went to and those skipped, as reminded less than a
// week ago.
type Reminded struct {
	Reminded int `json:"reminded"`
	Skipped  int `json:"skipped"`
}

// Changed is a guideline language the caller read whose published version changed since.
type Changed struct {
	GuidelineID   int64  `json:"guidelineId"`
	Language      string `json:"language"`
	Title         string `json:"title"`
	ReadVersion   int    `json:"readVersion"`
	Version       int    `json:"version"`
	Important     bool   `json:"important"`
	ChangeComment string `json:"changeComment"`
	// AcknowledgementMissing: acknowledgement is required from the caller, who has not
	// acknowledged the published version.
	AcknowledgementMissing bool `json:"acknowledgementMissing"`
}

// Since is what a reader had read and acknowledged of a guideline language before opening
// it now, and whether acknowledgement is required from them.
type Since struct {
	ReadVersion         *int `json:"readVersion"`
	AcknowledgedVersion *int `json:"acknowledgedVersion"`
	Required            bool `json:"required"`
}

// ErrGuidelineOrCollection: a requirement names a guideline or a collection, not both,
// not neither.
var ErrGuidelineOrCollection = api.Invalid("acknowledgements.guidelineOrCollection").With(map[string]any{"fields": []string{"guideline", "collection"}})

// ErrUnknownRole: a requirement names a role collections do not have; params name it.
var ErrUnknownRole = api.Invalid("acknowledgements.unknownRole")

// RequireAcknowledgement sets from whom a guideline, or every guideline of a collection now
// and later, requires acknowledgement; collection admins of the collection (and space admins)
// may. It answers the guideline's requirement in effect then (its collection's when it has
// none of its own), or the collection's.
func (s *Service) RequireAcknowledgement(ctx context.Context, req RequireRequest) (Requirement, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Requirement{}, err
	}
	if (req.Guideline == nil) == (req.Collection == nil) {
		return Requirement{}, ErrGuidelineOrCollection
	}
	for _, role := range req.Roles {
		if !slices.Contains(guidelines.CollectionRoles, role) {
			return Requirement{}, ErrUnknownRole.With(map[string]any{"field": "roles", "role": role, "roles": guidelines.CollectionRoles})
		}
	}
	r := requirement{everyone: req.Required && len(req.Members) == 0 && len(req.Roles) == 0}
	if req.Required {
		for _, m := range req.Members {
			r.members = append(r.members, int64(m))
		}
		slices.Sort(r.members)
		r.members = slices.Compact(r.members)
		r.roles = slices.Clone(req.Roles)
		slices.Sort(r.roles)
		r.roles = slices.Compact(r.roles)
	}
	if len(r.members) > 0 {
		missing, err := s.Memberships.NotMembers(ctx, sp.ID, r.members)
		if err != nil {
			return Requirement{}, err
		}
		if len(missing) > 0 {
			return Requirement{}, guidelines.ErrNotSpaceMember.With(map[string]any{"field": "members", "ids": missing})
		}
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if req.Collection != nil {
			id := int64(*req.Collection)
			if err := s.Guidelines.ManageCollection(ctx, tx, sp, id); err != nil {
				return err
			}
			return setRequirement(ctx, tx, nil, &id, r)
		}
		id := int64(*req.Guideline)
		reach, err := s.administered(ctx, tx, sp, id)
		if err != nil {
			return err
		}
		if err := setRequirement(ctx, tx, &id, nil, r); err != nil {
			return err
		}
		reqs, err := requirements(ctx, tx, map[int64]int64{id: reach.Collection})
		r = reqs[id]
		return err
	})
	return r.public(), err
}

// ChosenMember is a member from whom acknowledgement is required, by name.
type ChosenMember struct {
	UserID int64  `json:"userId"`
	Name   string `json:"name"`
	Email  string `json:"email"`
}

// CollectionRequirement is from whom a collection requires acknowledgement of every guideline
// in it, with the chosen members' names.
type CollectionRequirement struct {
	Required bool `json:"required"`
	// Everyone: everyone who may read the collection.
	Everyone bool           `json:"everyone"`
	Members  []ChosenMember `json:"members"`
	// Roles: the holders of these roles of the collection.
	Roles []string `json:"roles"`
}

// CollectionAcknowledgement reads from whom a collection requires acknowledgement of every
// guideline in it; collection admins of it (and space admins) may.
func (s *Service) CollectionAcknowledgement(ctx context.Context, req CollectionRequest) (CollectionRequirement, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return CollectionRequirement{}, err
	}
	var r requirement
	if err := s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := s.Guidelines.ManageCollection(ctx, tx, sp, int64(req.Collection)); err != nil {
			return err
		}
		r, err = collectionRequirement(ctx, tx, int64(req.Collection))
		return err
	}); err != nil {
		return CollectionRequirement{}, err
	}
	people, err := s.People.Users(ctx, r.members)
	if err != nil {
		return CollectionRequirement{}, err
	}
	out := CollectionRequirement{Required: r.any(), Everyone: r.everyone, Members: []ChosenMember{}, Roles: append([]string{}, r.roles...)}
	for _, id := range r.members {
		if u, ok := people[id]; ok {
			out.Members = append(out.Members, ChosenMember{UserID: id, Name: u.Name(), Email: u.Username})
		}
	}
	return out, nil
}

// administered checks that the caller administers the collection of a guideline of sp and
// tells how they stand to it.
func (s *Service) administered(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, guideline int64) (guidelines.Reach, error) {
	reach, err := s.Guidelines.ReachOf(ctx, tx, sp, guideline)
	if err != nil {
		return reach, err
	}
	if !reach.Admin {
		return reach, api.ErrForbidden
	}
	return reach, nil
}

// Acknowledge records that the caller read and understood the published version of a
// guideline language they may read; another version is refused (409).
func (s *Service) Acknowledge(ctx context.Context, req AcknowledgeRequest) (Acknowledgement, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Acknowledgement{}, err
	}
	now := s.Clock.Time()
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.Guidelines.MayRead(ctx, tx, sp, int64(req.Guideline), req.Language); errors.Is(err, api.ErrForbidden) {
			return guidelines.ErrNotFound
		} else if err != nil {
			return err
		}
		current, err := published(ctx, tx, int64(req.Guideline), req.Language, now)
		if err != nil {
			return err
		}
		if current.Version != req.Version {
			return ErrNotCurrent.With(map[string]any{"current": current.Version})
		}
		return acknowledge(ctx, tx, policy.PrincipalFrom(ctx).UserID, int64(req.Guideline), req.Language, req.Version, now)
	})
	return Acknowledgement{Version: req.Version, AcknowledgedAt: now}, err
}

// published reads the version readers see of a guideline language at now.
func published(ctx context.Context, tx pgx.Tx, guideline int64, language string, now time.Time) (guidelines.PublishedVersion, error) {
	list, err := guidelines.PublishedVersions(ctx, tx, []int64{guideline}, now)
	if err != nil {
		return guidelines.PublishedVersion{}, err
	}
	for _, v := range list {
		if v.Language == language {
			return v, nil
		}
	}
	return guidelines.PublishedVersion{}, ErrUnpublished
}

// RecordRead notes that the signed-in caller opened version of a guideline language of sp,
// in the given collection, and tells what they had read and acknowledged before; anonymous
// readers, and readers while a move pauses the space's writes, leave nothing (nil). It runs
// on every signed-in read: one round trip.
func (s *Service) RecordRead(ctx context.Context, sp *tenancy.Space, guideline, collection int64, language string, version int) (*Since, error) {
	me := policy.PrincipalFrom(ctx)
	if me.Anonymous() {
		return nil, nil
	}
	if err := s.Acting(ctx); err != nil {
		return nil, err
	}
	var rec readRecord
	err := s.DB.SpaceQuery(ctx, sp, func(rows pgx.Rows) (err error) {
		rec, err = scanReadRecord(rows)
		return err
	}, recordReadSQL, me.UserID, guideline, language, version, s.Clock.Time(), collection)
	if errors.Is(err, tenancy.ErrWritesPaused) {
		// a move pauses the space's writes for a moment: the reader reads on, unrecorded
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("acknowledgements: record read: %w", err)
	}
	return &Since{ReadVersion: rec.read, AcknowledgedVersion: rec.acknowledged,
		Required: rec.requirement.from(me.UserID, rec.roles)}, nil
}

// concerned lists the people from whom r requires acknowledgement of a guideline of sp, given
// who may read its collection (all: every member of sp, else readers) and the holders of the
// roles r names.
func (s *Service) concerned(ctx context.Context, sp *tenancy.Space, r requirement, all bool, readers, holders []int64) ([]int64, error) {
	out := append(slices.Clone(r.members), holders...)
	if r.everyone {
		if all {
			var err error
			if readers, err = s.Memberships.SpaceMemberIDs(ctx, sp.ID); err != nil {
				return nil, err
			}
		}
		out = append(out, readers...)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// subject is what the admin calls read of a guideline language in one transaction.
type subject struct {
	collection  int64
	version     guidelines.PublishedVersion
	requirement requirement
	all         bool
	readers     []int64
	holders     []int64
	states      map[int64]state
}

// load checks that the caller administers the guideline and reads its language's state.
func (s *Service) load(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, req LanguageRequest) (subject, error) {
	var sub subject
	if err := guidelines.CheckLanguage("language", req.Language); err != nil {
		return sub, err
	}
	id := int64(req.Guideline)
	reach, err := s.administered(ctx, tx, sp, id)
	if err != nil {
		return sub, err
	}
	sub.collection = reach.Collection
	if sub.version, err = published(ctx, tx, id, req.Language, s.Clock.Time()); err != nil && !errors.Is(err, ErrUnpublished) {
		return sub, err
	}
	reqs, err := requirements(ctx, tx, map[int64]int64{id: reach.Collection})
	if err != nil {
		return sub, err
	}
	sub.requirement = reqs[id]
	if sub.all, sub.readers, err = guidelines.CollectionReaders(ctx, tx, id); err != nil {
		return sub, err
	}
	if sub.holders, err = guidelines.RoleHolders(ctx, tx, id, sub.requirement.roles); err != nil {
		return sub, err
	}
	sub.states, err = statesOf(ctx, tx, id, req.Language)
	return sub, err
}

// Acknowledgements reports who of the people concerned acknowledged the published version
// of a guideline language: those it is required from and whoever acknowledged it anyway.
func (s *Service) Acknowledgements(ctx context.Context, req LanguageRequest) (Report, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Report{}, err
	}
	var sub subject
	if err := s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) (err error) {
		sub, err = s.load(ctx, tx, sp, req)
		return err
	}); err != nil {
		return Report{}, err
	}
	ids, err := s.concerned(ctx, sp, sub.requirement, sub.all, sub.readers, sub.holders)
	if err != nil {
		return Report{}, err
	}
	for id, st := range sub.states {
		if st.acknowledged != nil && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	people, err := s.People.Users(ctx, ids)
	if err != nil {
		return Report{}, err
	}
	rep := Report{Requirement: sub.requirement.public(), Collection: sub.collection, Version: sub.version.Version, Title: sub.version.Title, People: []Person{}}
	for _, id := range ids {
		u, ok := people[id]
		if !ok {
			continue // deleted meanwhile
		}
		st := sub.states[id]
		p := Person{UserID: id, Name: u.Name(), Email: u.Username, AcknowledgedVersion: st.acknowledged, AcknowledgedAt: st.acknowledgedAt,
			RemindedAt: st.reminded}
		p.Done = st.acknowledged != nil && *st.acknowledged == rep.Version && rep.Version != 0
		if p.Done {
			rep.Done++
		} else {
			rep.Missing++
		}
		rep.People = append(rep.People, p)
	}
	slices.SortFunc(rep.People, func(a, b Person) int {
		if a.Done != b.Done {
			if a.Done {
				return 1
			}
			return -1
		}
		if c := strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)); c != 0 {
			return c
		}
		return int(a.UserID - b.UserID)
	})
	return rep, nil
}

// RemindAcknowledgement notifies and mails those from whom acknowledgement of the published
// version of a guideline language is required and missing, each at most once a week.
func (s *Service) RemindAcknowledgement(ctx context.Context, req LanguageRequest) (Reminded, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Reminded{}, err
	}
	var sub subject
	if err := s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) (err error) {
		sub, err = s.load(ctx, tx, sp, req)
		return err
	}); err != nil {
		return Reminded{}, err
	}
	if sub.version.Version == 0 {
		return Reminded{}, ErrUnpublished
	}
	ids, err := s.concerned(ctx, sp, sub.requirement, sub.all, sub.readers, sub.holders)
	if err != nil {
		return Reminded{}, err
	}
	now := s.Clock.Time()
	var out Reminded
	var due []int64
	for _, id := range ids {
		st := sub.states[id]
		switch {
		case st.acknowledged != nil && *st.acknowledged == sub.version.Version:
		case st.reminded != nil && now.Sub(*st.reminded) < RemindEvery:
			out.Skipped++
		default:
			due = append(due, id)
		}
	}
	out.Reminded = len(due)
	if len(due) == 0 {
		return out, nil
	}
	me := policy.PrincipalFrom(ctx).UserID
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := markReminded(ctx, tx, due, int64(req.Guideline), req.Language, now); err != nil {
			return err
		}
		_, err := s.Jobs.InsertTx(ctx, tx, notify.GuidelineEvent{SpaceID: sp.ID, GuidelineID: int64(req.Guideline), Language: req.Language,
			Action: notify.ActionAcknowledgementReminder, SenderID: me, Recipients: due,
			Key: fmt.Sprintf("acknowledgementReminder:%d:%s:%d", req.Guideline, req.Language, now.UnixNano())}, nil)
		return err
	})
	return out, err
}

// ChangedSinceRead lists the guideline languages of the current space the caller read whose
// published version changed since, as readers see them now.
func (s *Service) ChangedSinceRead(ctx context.Context, _ struct{}) ([]Changed, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	me := policy.PrincipalFrom(ctx).UserID
	out := []Changed{}
	readable, err := s.Guidelines.ReadableCollections(ctx, sp)
	if err != nil {
		return nil, err
	}
	mayRead := map[int64]bool{}
	for _, c := range readable {
		if c.SpaceID == sp.ID {
			mayRead[c.CollectionID] = true
		}
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		states, err := statesOfUser(ctx, tx, me)
		if err != nil || len(states) == 0 {
			return err
		}
		ids := make([]int64, 0, len(states))
		read := map[string]state{}
		for _, st := range states {
			ids = append(ids, st.guideline)
			read[fmt.Sprintf("%d/%s", st.guideline, st.language)] = st
		}
		versions, err := guidelines.PublishedVersions(ctx, tx, ids, s.Clock.Time())
		if err != nil {
			return err
		}
		collections := make(map[int64]int64, len(versions))
		for _, v := range versions {
			collections[v.GuidelineID] = v.CollectionID
		}
		reqs, err := requirements(ctx, tx, collections)
		if err != nil {
			return err
		}
		roles, err := guidelines.RolesOf(ctx, tx, me)
		if err != nil {
			return err
		}
		for _, v := range versions {
			st, ok := read[fmt.Sprintf("%d/%s", v.GuidelineID, v.Language)]
			if !ok || !mayRead[v.CollectionID] || *st.read >= v.Version {
				continue
			}
			required := reqs[v.GuidelineID].from(me, roles[v.CollectionID])
			out = append(out, Changed{GuidelineID: v.GuidelineID, Language: v.Language, Title: v.Title, ReadVersion: *st.read,
				Version: v.Version, Important: v.Important, ChangeComment: v.Comment,
				AcknowledgementMissing: required && (st.acknowledged == nil || *st.acknowledged < v.Version)})
		}
		return nil
	})
	return out, err
}

// ChangeRequest names a guideline language and a version the caller read.
type ChangeRequest struct {
	Guideline api.ID `json:"guideline"`
	Language  string `json:"language"`
	Since     int    `json:"since"`
}

// Change is a version the caller read and the published one, for the diff between them.
type Change struct {
	Before guidelines.Version `json:"before"`
	After  guidelines.Version `json:"after"`
}

// ChangeSinceRead returns a version of a guideline language the caller read (the one they
// last read, the one before it, the one they acknowledged) and the published one. Other
// versions are not the reader's to see: asking for one answers "not found".
func (s *Service) ChangeSinceRead(ctx context.Context, req ChangeRequest) (Change, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Change{}, err
	}
	var c Change
	id := int64(req.Guideline)
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.Guidelines.MayRead(ctx, tx, sp, id, req.Language); errors.Is(err, api.ErrForbidden) {
			return guidelines.ErrNotFound
		} else if err != nil {
			return err
		}
		current, err := published(ctx, tx, id, req.Language, s.Clock.Time())
		if err != nil {
			return err
		}
		states, err := statesOfUser(ctx, tx, policy.PrincipalFrom(ctx).UserID)
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(states, func(st state) bool {
			return st.guideline == id && st.language == req.Language &&
				slices.ContainsFunc([]*int{st.read, st.previous, st.acknowledged}, func(v *int) bool { return v != nil && *v == req.Since })
		}) {
			return ErrVersionNotRead
		}
		if c.Before, err = s.Guidelines.LoadVersion(ctx, tx, id, req.Since); err != nil {
			return err
		}
		c.After, err = s.Guidelines.LoadVersion(ctx, tx, id, current.Version)
		return err
	})
	return c, err
}

// Register adds the acknowledgement calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "admin/collectionadmin", "mutation", "requireAcknowledgement", s.RequireAcknowledgement)
	api.Call(r, "admin/collectionadmin", "query", "collectionAcknowledgement", s.CollectionAcknowledgement)
	api.Call(r, "admin/collectionadmin", "query", "acknowledgements", s.Acknowledgements)
	api.Call(r, "admin/collectionadmin", "mutation", "remindAcknowledgement", s.RemindAcknowledgement)
	api.Call(r, "reader", "mutation", "acknowledge", s.Acknowledge)
	api.Call(r, "reader", "query", "changedSinceRead", s.ChangedSinceRead)
	api.Call(r, "reader", "query", "changeSinceRead", s.ChangeSinceRead)
}
