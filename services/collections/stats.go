package collections

import (
	"context"

	"github.com/jackc/pgx/v5"

	"vademecum/services/api"
)

// MemberStats counts people by role (spec §3), each person once: authors write or co-write
// guidelines, validators validate without writing, the others hold neither role.
type MemberStats struct {
	TotalMembers    int `json:"totalMembers"`
	AuthorsCount    int `json:"authorsCount"`
	ValidatorsCount int `json:"validatorsCount"`
	OthersCount     int `json:"othersCount"`
}

// CollectionStats are the statistics of one collection.
type CollectionStats struct {
	MemberStats MemberStats `json:"memberStats"`
	// MembersCount counts the collection's members and admins, as its member list shows them.
	MembersCount           int `json:"membersCount"`
	GuidelinesCount        int `json:"guidelinesCount"`
	SharedCollectionsCount int `json:"sharedCollectionsCount"`
}

// CollectionCount is one collection's line in the space statistics.
type CollectionCount struct {
	CollectionID    int64  `json:"collectionId"`
	CollectionTitle string `json:"collectionTitle"`
	GuidelinesCount int    `json:"guidelinesCount"`
}

// SpaceStats are the statistics of a space.
type SpaceStats struct {
	TotalGuidelinesCount int               `json:"totalGuidelinesCount"`
	MemberStats          MemberStats       `json:"memberStats"`
	CollectionStats      []CollectionCount `json:"collectionStats"`
}

// StatsRequest names a collection.
type StatsRequest struct {
	CollectionID api.ID `json:"collectionId"`
}

// CollectionStats counts the people with a role in the collection and its guidelines.
func (s *Service) CollectionStats(ctx context.Context, req StatsRequest) (CollectionStats, error) {
	sp, err := s.manage(ctx, req.CollectionID)
	if err != nil {
		return CollectionStats{}, err
	}
	c, err := s.one(ctx, sp, int64(req.CollectionID))
	if err != nil {
		return CollectionStats{}, err
	}
	st := CollectionStats{GuidelinesCount: c.GuidelinesCount}
	// People of a collection are those with a role in it and the authors of its guidelines.
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `WITH authors AS (
				SELECT author_id AS user_id FROM guidelines WHERE collection_id = $1
				UNION SELECT a.user_id FROM guideline_coauthors a JOIN guidelines g ON g.id = a.guideline_id WHERE g.collection_id = $1),
			people AS (SELECT user_id FROM collection_roles WHERE collection_id = $1 UNION SELECT user_id FROM authors)
			SELECT (SELECT count(*) FROM people), (SELECT count(*) FROM authors),
				(SELECT count(*) FROM (SELECT user_id FROM collection_roles WHERE collection_id = $1 AND role = 'validator'
				  EXCEPT SELECT user_id FROM authors) v),
				(SELECT count(DISTINCT user_id) FROM collection_roles WHERE collection_id = $1 AND role IN ('admin', 'member'))`,
			c.ID).Scan(&st.MemberStats.TotalMembers, &st.MemberStats.AuthorsCount, &st.MemberStats.ValidatorsCount, &st.MembersCount)
	})
	if err != nil {
		return st, err
	}
	st.MemberStats.OthersCount = st.MemberStats.TotalMembers - st.MemberStats.ValidatorsCount - st.MemberStats.AuthorsCount
	// offers live in the control plane
	st.SharedCollectionsCount, err = s.Shares.Offers(ctx, sp.ID, c.ID)
	return st, err
}

// SpaceStatsRequest names a space.
type SpaceStatsRequest struct {
	SpaceID api.ID `json:"spaceId"`
}

// SpaceStats counts the members of a space by role and the guidelines of its collections.
func (s *Service) SpaceStats(ctx context.Context, req SpaceStatsRequest) (SpaceStats, error) {
	sp, err := s.targetSpace(ctx, req.SpaceID)
	if err != nil {
		return SpaceStats{}, err
	}
	list, err := s.list(ctx, sp, "")
	if err != nil {
		return SpaceStats{}, err
	}
	st := SpaceStats{CollectionStats: make([]CollectionCount, 0, len(list))}
	for _, c := range list {
		st.CollectionStats = append(st.CollectionStats, CollectionCount{CollectionID: c.ID, CollectionTitle: c.Title, GuidelinesCount: c.GuidelinesCount})
		st.TotalGuidelinesCount += c.GuidelinesCount
	}
	// memberships live in the control plane: the space's query gets them as a list
	members, err := s.Memberships.SpaceMemberIDs(ctx, sp.ID)
	if err != nil {
		return SpaceStats{}, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `WITH members AS (SELECT DISTINCT unnest($1::bigint[]) AS user_id),
			authors AS (SELECT user_id FROM members WHERE user_id IN (SELECT author_id FROM guidelines UNION SELECT user_id FROM guideline_coauthors))
			SELECT (SELECT count(*) FROM members), (SELECT count(*) FROM authors),
				(SELECT count(*) FROM members WHERE user_id IN (SELECT user_id FROM collection_roles WHERE role = 'validator')
				  AND user_id NOT IN (SELECT user_id FROM authors))`,
			members).Scan(&st.MemberStats.TotalMembers, &st.MemberStats.AuthorsCount, &st.MemberStats.ValidatorsCount)
	})
	st.MemberStats.OthersCount = st.MemberStats.TotalMembers - st.MemberStats.ValidatorsCount - st.MemberStats.AuthorsCount
	return st, err
}
