package collections

import (
	"context"

	"github.com/jackc/pgx/v5"

	"vademecum/services/api"
)

// MemberStats counts people by role (spec §3). Authors are people who author guidelines;
// validators validate in a collection; the others hold neither role.
type MemberStats struct {
	TotalMembers    int `json:"totalMembers"`
	AuthorsCount    int `json:"authorsCount"`
	ValidatorsCount int `json:"validatorsCount"`
	OthersCount     int `json:"othersCount"`
}

// CollectionStats are the statistics of one collection.
type CollectionStats struct {
	MemberStats            MemberStats `json:"memberStats"`
	GuidelinesCount        int         `json:"guidelinesCount"`
	SharedCollectionsCount int         `json:"sharedCollectionsCount"`
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
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT count(DISTINCT user_id), count(DISTINCT user_id) FILTER (WHERE role = 'validator'),
			(SELECT count(*) FROM control.shared_collections WHERE from_space_id = $2 AND collection_id = $1)
			FROM collection_roles WHERE collection_id = $1`, c.ID, sp.ID).Scan(&st.MemberStats.TotalMembers, &st.MemberStats.ValidatorsCount, &st.SharedCollectionsCount)
	})
	st.MemberStats.OthersCount = st.MemberStats.TotalMembers - st.MemberStats.ValidatorsCount - st.MemberStats.AuthorsCount
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
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT (SELECT count(*) FROM control.space_members WHERE space_id = $1),
			(SELECT count(DISTINCT r.user_id) FROM collection_roles r
			  JOIN control.space_members m ON m.user_id = r.user_id AND m.space_id = $1 WHERE r.role = 'validator')`,
			sp.ID).Scan(&st.MemberStats.TotalMembers, &st.MemberStats.ValidatorsCount)
	})
	st.MemberStats.OthersCount = st.MemberStats.TotalMembers - st.MemberStats.ValidatorsCount - st.MemberStats.AuthorsCount
	return st, err
}
