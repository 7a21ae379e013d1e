package main

import (
	"context"

	"vademecum/services/search"
	"vademecum/services/spaces"
)

// metadataCatalog gives search the metadata definitions, which the spaces context owns.
type metadataCatalog struct{ spaces *spaces.Service }

// OptionsExist tells whether every pair names an option of its metadata (search.OptionChecker).
func (c metadataCatalog) OptionsExist(ctx context.Context, pairs []search.MetadataOption) (bool, error) {
	metadata, options := make([]int64, len(pairs)), make([]int64, len(pairs))
	for i, p := range pairs {
		metadata[i], options[i] = p.MetadataID, p.OptionID
	}
	list, err := c.spaces.Classifications(ctx, 0, metadata, options)
	return err == nil && len(list) == len(pairs), err
}
