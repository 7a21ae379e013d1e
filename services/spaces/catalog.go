package spaces

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"vademecum/services/api"
	"vademecum/services/guidelines"
)

// Classification is an option of a metadata definition by which a guideline is classified,
// with the names of both.
type Classification struct {
	MetadataID    int64
	MetadataNames api.Texts
	OptionID      int64
	OptionNames   api.Texts
	// InSpace: the space asked about uses the metadata.
	InSpace bool
}

// Classifications names pairs of metadata and option ids (metadataIDs[i], optionIDs[i]) for
// space spaceID (0: none): one entry per pair whose option exists and belongs to its metadata,
// in the space's order of metadata, then those the space does not use by metadata id.
// Definitions live in the control schema and are read through the control pool; guidelines
// keep only the ids (see migrations/space/00007_metadata_refs.sql).
func (s *Service) Classifications(ctx context.Context, spaceID int64, metadataIDs, optionIDs []int64) ([]Classification, error) {
	if len(metadataIDs) == 0 {
		return []Classification{}, nil
	}
	rows, err := s.Pool.Query(ctx, `SELECT m.id, m.names, o.id, o.names, sm.metadata_id IS NOT NULL
		FROM unnest($2::bigint[], $3::bigint[]) WITH ORDINALITY x(metadata_id, option_id, n)
		JOIN control.metadata m ON m.id = x.metadata_id
		JOIN control.metadata_options o ON o.id = x.option_id AND o.metadata_id = x.metadata_id
		LEFT JOIN control.space_metadata sm ON sm.space_id = $1 AND sm.metadata_id = m.id
		ORDER BY sm.position NULLS LAST, m.id, x.n`, spaceID, metadataIDs, optionIDs)
	if err != nil {
		return nil, fmt.Errorf("spaces: classifications: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Classification])
	if err != nil {
		return nil, fmt.Errorf("spaces: classifications: %w", err)
	}
	return out, nil
}

// Classify names a guideline's choices for space spaceID in the guidelines' terms
// (guidelines.Catalog).
func (s *Service) Classify(ctx context.Context, spaceID int64, choices []guidelines.Choice) ([]guidelines.Classified, error) {
	metadata, options := make([]int64, len(choices)), make([]int64, len(choices))
	for i, ch := range choices {
		metadata[i], options[i] = ch.MetadataID, ch.OptionID
	}
	list, err := s.Classifications(ctx, spaceID, metadata, options)
	if err != nil {
		return nil, err
	}
	out := make([]guidelines.Classified, len(list))
	for i, x := range list {
		out[i] = guidelines.Classified{InSpace: x.InSpace, GuidelineMetadata: guidelines.GuidelineMetadata{
			MetadataID: x.MetadataID, Names: x.MetadataNames, OptionID: x.OptionID, OptionNames: x.OptionNames}}
	}
	return out, nil
}
