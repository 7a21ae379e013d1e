package guidelines

import "context"

// What guidelines need from the contexts that own the control plane's tables. Space units of
// work never reach into the control schema (a space may live on another cluster, under a
// role that cannot see it): these are read through the owners, on the control pool.

// Shares tells which collections are shared between spaces (the sharing context owns shares).
type Shares interface {
	// SharedTo lists the collections shared to space to by active shares, by source space,
	// each list in ascending id order.
	SharedTo(ctx context.Context, to int64) (map[int64][]int64, error)
	// IsShared tells whether collection of space from is shared to space to by an active share.
	IsShared(ctx context.Context, from, to, collection int64) (bool, error)
}

// Memberships tell who belongs to a space (the spaces context owns memberships).
type Memberships interface {
	// NotMembers returns those of userIDs who are not members of the space, in order.
	NotMembers(ctx context.Context, spaceID int64, userIDs []int64) ([]int64, error)
}

// Catalog names metadata definitions and their options (the spaces context owns them).
type Catalog interface {
	// Classify names the choices whose option belongs to its metadata, in the order space
	// spaceID lists its metadata, then those it does not use by metadata id.
	Classify(ctx context.Context, spaceID int64, choices []Choice) ([]Classified, error)
}

// Choice is an option chosen for a metadata definition, by ids.
type Choice struct {
	MetadataID int64
	OptionID   int64
}

// Classified is a choice with its names, and whether the space asked about uses its metadata.
type Classified struct {
	GuidelineMetadata
	InSpace bool
}
