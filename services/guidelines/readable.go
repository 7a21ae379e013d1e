package guidelines

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// The lists readers see, run whole here so that the reading rule (readableSQL) stays inside
// one query for speed and inside this context: every function works in a transaction on the
// space holding the guidelines and takes the moment validity is judged at.

// PublishedTitle is a language of a guideline readers see, with its published title.
type PublishedTitle struct {
	GuidelineID int64
	Language    string
	Title       string
}

// CollectionTitles lists the languages readers see at now of the guidelines of a collection,
// with their published titles, by guideline id and in the product's order of languages.
func CollectionTitles(ctx context.Context, tx pgx.Tx, collection int64, now time.Time) ([]PublishedTitle, error) {
	return publishedTitles(ctx, tx, "g.collection_id = $1", collection, now)
}

// GuidelineTitles lists the languages readers see at now of a guideline, with their
// published titles, in the product's order of languages.
func GuidelineTitles(ctx context.Context, tx pgx.Tx, guideline int64, now time.Time) ([]PublishedTitle, error) {
	return publishedTitles(ctx, tx, "g.id = $1", guideline, now)
}

func publishedTitles(ctx context.Context, tx pgx.Tx, where string, arg any, now time.Time) ([]PublishedTitle, error) {
	rows, err := tx.Query(ctx, `SELECT g.id, l.language, v.title FROM guidelines g
		JOIN guideline_languages l ON l.guideline_id = g.id
		JOIN guideline_versions v ON v.guideline_id = g.id AND v.version = l.published_version
		WHERE `+where+` AND `+readableSQL("$2")+`
		ORDER BY g.id, `+languageOrder, arg, now)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[PublishedTitle])
}

// ReadableCounts counts, for each of collections holding any, the guidelines with a
// language readers see at now.
func ReadableCounts(ctx context.Context, tx pgx.Tx, collections []int64, now time.Time) (map[int64]int, error) {
	rows, err := tx.Query(ctx, `SELECT g.collection_id, count(DISTINCT g.id) FROM guidelines g
		JOIN guideline_languages l ON l.guideline_id = g.id
		WHERE g.collection_id = ANY($1) AND `+readableSQL("$2")+` GROUP BY g.collection_id`, collections, now)
	if err != nil {
		return nil, err
	}
	out := map[int64]int{}
	var collection int64
	var n int
	_, err = pgx.ForEachRow(rows, []any{&collection, &n}, func() error {
		out[collection] = n
		return nil
	})
	return out, err
}

// AnyReadable tells whether one of guidelines belongs to one of collections and has a
// language readers see at now.
func AnyReadable(ctx context.Context, tx pgx.Tx, guidelines, collections []int64, now time.Time) (bool, error) {
	var found bool
	err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM guidelines g
		WHERE g.id = ANY($1) AND g.collection_id = ANY($2)
		  AND EXISTS (SELECT 1 FROM guideline_languages l WHERE l.guideline_id = g.id AND `+readableSQL("$3")+`))`,
		guidelines, collections, now).Scan(&found)
	return found, err
}

// Published is a guideline readers see as lists of new guidelines show it: in one language,
// with every language readers see and when it was last published.
type Published struct {
	GuidelineID  int64
	Language     string
	Languages    []string
	Title        string
	CollectionID int64
	Published    time.Time
}

// RecentlyPublished lists at most limit guidelines of collections that readers see at now,
// most recently published first (ties: higher id first). Each comes in language if readers
// see it, else in German, else in the language published last.
func RecentlyPublished(ctx context.Context, tx pgx.Tx, collections []int64, now time.Time, limit int, language string) ([]Published, error) {
	rows, err := tx.Query(ctx, `WITH recent AS (
			SELECT g.id, g.collection_id, max(l.valid_since) AS published,
				(array_agg(l.language ORDER BY l.language = $4 DESC, l.language = 'de' DESC, l.valid_since DESC))[1] AS language,
				array_agg(l.language ORDER BY `+languageOrder+`) AS languages
			FROM guidelines g JOIN guideline_languages l ON l.guideline_id = g.id AND `+readableSQL("$2")+`
			WHERE g.collection_id = ANY($1) GROUP BY g.id ORDER BY published DESC, g.id DESC LIMIT $3)
		SELECT r.id, r.language, r.languages, v.title, r.collection_id, r.published FROM recent r
		JOIN guideline_languages l ON l.guideline_id = r.id AND l.language = r.language
		JOIN guideline_versions v ON v.guideline_id = r.id AND v.version = l.published_version`, collections, now, limit, language)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Published])
}

// Change is a language readers see whose last publication its validator marked as an
// important change, with the comment for readers.
type Change struct {
	GuidelineID  int64
	Language     string
	Title        string
	Comment      string
	CollectionID int64
	Published    time.Time
}

// ImportantChanges lists the first limit important changes of the guidelines of
// collections that readers see at now, newest first (ties: higher guideline id, then
// language), and counts them all.
func ImportantChanges(ctx context.Context, tx pgx.Tx, collections []int64, now time.Time, limit int) ([]Change, int, error) {
	rows, err := tx.Query(ctx, `SELECT g.id, l.language, v.title, l.change_comment, g.collection_id, l.valid_since, count(*) OVER ()
		FROM guideline_languages l JOIN guidelines g ON g.id = l.guideline_id
		JOIN guideline_versions v ON v.guideline_id = l.guideline_id AND v.version = l.published_version
		WHERE g.collection_id = ANY($1) AND l.change_important AND `+readableSQL("$2")+`
		ORDER BY l.valid_since DESC, g.id DESC, l.language LIMIT $3`, collections, now, limit)
	if err != nil {
		return nil, 0, err
	}
	var out []Change
	var c Change
	total := 0
	_, err = pgx.ForEachRow(rows, []any{&c.GuidelineID, &c.Language, &c.Title, &c.Comment, &c.CollectionID, &c.Published, &total}, func() error {
		out = append(out, c)
		return nil
	})
	return out, total, err
}

// PublishedVersion is a language of a guideline readers see at a moment, with its title,
// published version and the validator's note on the change.
type PublishedVersion struct {
	GuidelineID  int64
	Language     string
	Title        string
	Version      int
	Important    bool
	Comment      string
	CollectionID int64
}

// PublishedVersions lists the languages readers see at now of guidelines, by guideline id
// and in the product's order of languages.
func PublishedVersions(ctx context.Context, tx pgx.Tx, guidelines []int64, now time.Time) ([]PublishedVersion, error) {
	rows, err := tx.Query(ctx, `SELECT g.id, l.language, v.title, l.published_version, l.change_important, l.change_comment, g.collection_id
		FROM guidelines g
		JOIN guideline_languages l ON l.guideline_id = g.id
		JOIN guideline_versions v ON v.guideline_id = g.id AND v.version = l.published_version
		WHERE g.id = ANY($1) AND `+readableSQL("$2")+`
		ORDER BY g.id, `+languageOrder, guidelines, now)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[PublishedVersion])
}

// CollectionsOf tells the collection of each of guidelines, by guideline id; unknown ids are
// missing.
func CollectionsOf(ctx context.Context, tx pgx.Tx, guidelines []int64) (map[int64]int64, error) {
	rows, err := tx.Query(ctx, `SELECT id, collection_id FROM guidelines WHERE id = ANY($1)`, guidelines)
	if err != nil {
		return nil, err
	}
	out := map[int64]int64{}
	var id, collection int64
	_, err = pgx.ForEachRow(rows, []any{&id, &collection}, func() error {
		out[id] = collection
		return nil
	})
	return out, err
}

// CollectionReaders tells who may read the collection of a guideline by their standing in
// it: every user of the space (all) when the collection is public or protected, otherwise
// the holders of a role in it (ids).
func CollectionReaders(ctx context.Context, tx pgx.Tx, guideline int64) (all bool, ids []int64, err error) {
	err = tx.QueryRow(ctx, `SELECT c.visibility <> 'private',
			array(SELECT DISTINCT r.user_id FROM collection_roles r WHERE r.collection_id = c.id AND r.role <> 'historyReader' ORDER BY r.user_id)
		FROM guidelines g JOIN collections c ON c.id = g.collection_id WHERE g.id = $1`, guideline).Scan(&all, &ids)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil, ErrNotFound
	}
	return all, ids, err
}

// CollectionRoles are the roles of a collection acknowledgement may be required from as
// groups: its authors (member), validators and collection admins.
var CollectionRoles = []string{"member", "validator", "admin"}

// RoleHolders lists, in order, the holders of roles of the collection of a guideline.
func RoleHolders(ctx context.Context, tx pgx.Tx, guideline int64, roles []string) ([]int64, error) {
	if len(roles) == 0 {
		return nil, nil
	}
	rows, err := tx.Query(ctx, `SELECT DISTINCT r.user_id FROM guidelines g JOIN collection_roles r ON r.collection_id = g.collection_id
		WHERE g.id = $1 AND r.role = ANY($2) ORDER BY r.user_id`, guideline, roles)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// RolesOf tells which roles user holds in the collections of the current space, by
// collection.
func RolesOf(ctx context.Context, tx pgx.Tx, user int64) (map[int64][]string, error) {
	rows, err := tx.Query(ctx, `SELECT collection_id, role FROM collection_roles WHERE user_id = $1`, user)
	if err != nil {
		return nil, err
	}
	out := map[int64][]string{}
	var collection int64
	var role string
	_, err = pgx.ForEachRow(rows, []any{&collection, &role}, func() error {
		out[collection] = append(out[collection], role)
		return nil
	})
	return out, err
}
