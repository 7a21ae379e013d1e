package acknowledgements

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
)

// state is what one reader last read and acknowledged of a guideline language.
type state struct {
	user                         int64
	guideline                    int64
	language                     string
	read, previous, acknowledged *int
	acknowledgedAt, reminded     *time.Time
}

const stateColumns = `user_id, guideline_id, language, read_version, previous_version, acknowledged_version, acknowledged_at, reminded_at`

func scanState(row pgx.CollectableRow) (state, error) {
	var s state
	return s, row.Scan(&s.user, &s.guideline, &s.language, &s.read, &s.previous, &s.acknowledged, &s.acknowledgedAt, &s.reminded)
}

// recordReadSQL notes that user $1 read version $4 of a guideline ($2) language ($3) at $5
// and answers what they had read and acknowledged before, with the guideline's effective
// requirement (its own rows if it has any, else those of its collection $6) as two arrays,
// users and roles, one element per row, and, when the requirement names roles, the roles
// the user holds in the collection. Reading a version again writes nothing: ON CONFLICT
// DO UPDATE would lock the row (and so commit a transaction to the WAL) before its WHERE
// clause declines the update, so the insert is not even attempted then. One statement, so
// that a signed-in read costs one round trip (tenancy.DB.SpaceQuery).
const recordReadSQL = `WITH before AS (
		SELECT read_version, acknowledged_version FROM guideline_reads WHERE user_id = $1 AND guideline_id = $2 AND language = $3),
	upsert AS (
		INSERT INTO guideline_reads (user_id, guideline_id, language, read_version, read_at)
		SELECT $1, $2, $3, $4, $5::timestamptz WHERE NOT EXISTS (SELECT FROM before WHERE read_version = $4)
		ON CONFLICT (user_id, guideline_id, language) DO UPDATE SET previous_version = guideline_reads.read_version,
			read_version = excluded.read_version, read_at = excluded.read_at
		WHERE guideline_reads.read_version IS DISTINCT FROM excluded.read_version),
	own AS (
		SELECT user_id, role FROM acknowledgement_requirements WHERE guideline_id = $2),
	effective AS (
		SELECT * FROM own
		UNION ALL
		SELECT user_id, role FROM acknowledgement_requirements WHERE collection_id = $6 AND NOT EXISTS (SELECT FROM own))
	SELECT b.read_version, b.acknowledged_version,
		ARRAY(SELECT user_id FROM effective ORDER BY user_id NULLS FIRST, role), ARRAY(SELECT role FROM effective ORDER BY user_id NULLS FIRST, role),
		CASE WHEN EXISTS (SELECT FROM effective WHERE role IS NOT NULL)
			THEN ARRAY(SELECT role FROM collection_roles WHERE collection_id = $6 AND user_id = $1) END
	FROM (SELECT) one LEFT JOIN before b ON true`

// readRecord is what recordReadSQL answers: the versions read and acknowledged before, the
// requirement and the reader's roles in the collection (asked only when the requirement
// names roles).
type readRecord struct {
	read, acknowledged *int
	requirement        requirement
	roles              []string
}

func scanReadRecord(rows pgx.Rows) (readRecord, error) {
	var out readRecord
	var users []*int64
	var roles []*string
	if !rows.Next() {
		return out, rows.Err()
	}
	if err := rows.Scan(&out.read, &out.acknowledged, &users, &roles, &out.roles); err != nil {
		return out, err
	}
	for i := range users {
		out.requirement.add(users[i], roles[i])
	}
	return out, nil
}

// acknowledge records that user acknowledged (and so read) version of a guideline language;
// a newer version than they read counts as read then.
func acknowledge(ctx context.Context, tx pgx.Tx, user, guideline int64, language string, version int, at time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO guideline_reads (user_id, guideline_id, language, read_version, read_at, acknowledged_version, acknowledged_at)
		VALUES ($1, $2, $3, $4, $5, $4, $5)
		ON CONFLICT (user_id, guideline_id, language) DO UPDATE SET
			previous_version = CASE WHEN guideline_reads.read_version IS DISTINCT FROM $4 THEN guideline_reads.read_version ELSE guideline_reads.previous_version END,
			read_version = $4, read_at = $5, acknowledged_version = $4, acknowledged_at = $5`,
		user, guideline, language, version, at)
	if err != nil {
		return fmt.Errorf("acknowledgements: acknowledge: %w", err)
	}
	return nil
}

// statesOfUser lists what user read of any guideline language.
func statesOfUser(ctx context.Context, tx pgx.Tx, user int64) ([]state, error) {
	rows, err := tx.Query(ctx, `SELECT `+stateColumns+` FROM guideline_reads WHERE user_id = $1 AND read_version IS NOT NULL`, user)
	if err != nil {
		return nil, fmt.Errorf("acknowledgements: list reads: %w", err)
	}
	return pgx.CollectRows(rows, scanState)
}

// statesOf lists what the readers of a guideline language read and acknowledged, by user.
func statesOf(ctx context.Context, tx pgx.Tx, guideline int64, language string) (map[int64]state, error) {
	rows, err := tx.Query(ctx, `SELECT `+stateColumns+` FROM guideline_reads WHERE guideline_id = $1 AND language = $2`, guideline, language)
	if err != nil {
		return nil, fmt.Errorf("acknowledgements: list readers: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanState)
	out := make(map[int64]state, len(list))
	for _, s := range list {
		out[s.user] = s
	}
	return out, err
}

// markReminded records that users were reminded to acknowledge a guideline language at at.
func markReminded(ctx context.Context, tx pgx.Tx, users []int64, guideline int64, language string, at time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO guideline_reads (user_id, guideline_id, language, reminded_at)
		SELECT u, $2, $3, $4 FROM unnest($1::bigint[]) u
		ON CONFLICT (user_id, guideline_id, language) DO UPDATE SET reminded_at = excluded.reminded_at`,
		users, guideline, language, at)
	if err != nil {
		return fmt.Errorf("acknowledgements: mark reminded: %w", err)
	}
	return nil
}

// requirement is from whom a guideline (or every guideline of a collection) requires
// acknowledgement: everyone who may read its collection, chosen members and the holders of
// chosen roles of the collection.
type requirement struct {
	everyone bool
	members  []int64
	roles    []string
	// fromCollection: the guideline has no requirement of its own and follows its collection's.
	fromCollection bool
}

func (r requirement) any() bool { return r.everyone || len(r.members) > 0 || len(r.roles) > 0 }

// from tells whether r requires acknowledgement from user, who holds roles in the collection.
func (r requirement) from(user int64, roles []string) bool {
	return r.everyone || slices.Contains(r.members, user) || slices.ContainsFunc(r.roles, func(role string) bool { return slices.Contains(roles, role) })
}

// add adds a row: a member, the holders of a role, or (neither) everyone.
func (r *requirement) add(user *int64, role *string) {
	switch {
	case user != nil:
		r.members = append(r.members, *user)
	case role != nil:
		r.roles = append(r.roles, *role)
	default:
		r.everyone = true
	}
}

// requirements reads the effective requirements of guidelines, given with their collections
// (guideline id to collection id), by guideline id: a guideline's own rows if it has any,
// else its collection's.
func requirements(ctx context.Context, tx pgx.Tx, collectionOf map[int64]int64) (map[int64]requirement, error) {
	ids, collections := make([]int64, 0, len(collectionOf)), make([]int64, 0, len(collectionOf))
	for g, c := range collectionOf {
		ids, collections = append(ids, g), append(collections, c)
	}
	rows, err := tx.Query(ctx, `SELECT guideline_id, collection_id, user_id, role FROM acknowledgement_requirements
		WHERE guideline_id = ANY($1) OR collection_id = ANY($2) ORDER BY user_id NULLS FIRST, role`, ids, collections)
	if err != nil {
		return nil, fmt.Errorf("acknowledgements: read requirements: %w", err)
	}
	own, ofCollection := map[int64]requirement{}, map[int64]requirement{}
	var guideline, collection, user *int64
	var role *string
	_, err = pgx.ForEachRow(rows, []any{&guideline, &collection, &user, &role}, func() error {
		if guideline != nil {
			r := own[*guideline]
			r.add(user, role)
			own[*guideline] = r
		} else {
			r := ofCollection[*collection]
			r.add(user, role)
			ofCollection[*collection] = r
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("acknowledgements: read requirements: %w", err)
	}
	out := make(map[int64]requirement, len(collectionOf))
	for g, c := range collectionOf {
		if r, ok := own[g]; ok {
			out[g] = r
		} else if r, ok := ofCollection[c]; ok {
			r.fromCollection = true
			out[g] = r
		}
	}
	return out, nil
}

// collectionRequirement reads the requirement a collection sets for its guidelines.
func collectionRequirement(ctx context.Context, tx pgx.Tx, collection int64) (requirement, error) {
	rows, err := tx.Query(ctx, `SELECT user_id, role FROM acknowledgement_requirements WHERE collection_id = $1 ORDER BY user_id NULLS FIRST, role`, collection)
	if err != nil {
		return requirement{}, fmt.Errorf("acknowledgements: read collection requirement: %w", err)
	}
	var r requirement
	var user *int64
	var role *string
	if _, err = pgx.ForEachRow(rows, []any{&user, &role}, func() error {
		r.add(user, role)
		return nil
	}); err != nil {
		return requirement{}, fmt.Errorf("acknowledgements: read collection requirement: %w", err)
	}
	return r, nil
}

// setRequirement replaces the requirement of a guideline or, guideline nil, of a collection
// (none when r requires nobody).
func setRequirement(ctx context.Context, tx pgx.Tx, guideline, collection *int64, r requirement) error {
	if _, err := tx.Exec(ctx, `DELETE FROM acknowledgement_requirements WHERE guideline_id = $1::bigint OR collection_id = $2::bigint`,
		guideline, collection); err != nil {
		return fmt.Errorf("acknowledgements: clear requirement: %w", err)
	}
	users := make([]*int64, 0, len(r.members)+1)
	if r.everyone {
		users = append(users, nil)
	}
	for _, m := range r.members {
		users = append(users, &m)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO acknowledgement_requirements (guideline_id, collection_id, user_id)
		SELECT $1::bigint, $2::bigint, u FROM unnest($3::bigint[]) u ON CONFLICT DO NOTHING`, guideline, collection, users); err != nil {
		return fmt.Errorf("acknowledgements: set requirement: %w", err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO acknowledgement_requirements (guideline_id, collection_id, role)
		SELECT $1::bigint, $2::bigint, r FROM unnest($3::text[]) r ON CONFLICT DO NOTHING`, guideline, collection, r.roles); err != nil {
		return fmt.Errorf("acknowledgements: set requirement: %w", err)
	}
	return nil
}
