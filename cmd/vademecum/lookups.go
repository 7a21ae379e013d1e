package main

import (
	"context"

	"vademecum/services/guidelines"
	"vademecum/services/search"
	"vademecum/services/spaces"
)

// metadataCatalog gives guidelines and search the metadata definitions, which the spaces
// context owns, in the terms each of them asks in.
type metadataCatalog struct{ spaces *spaces.Service }

// Classify names a guideline's choices (guidelines.Catalog).
func (c metadataCatalog) Classify(ctx context.Context, spaceID int64, choices []guidelines.Choice) ([]guidelines.Classified, error) {
	metadata, options := make([]int64, len(choices)), make([]int64, len(choices))
	for i, ch := range choices {
		metadata[i], options[i] = ch.MetadataID, ch.OptionID
	}
	list, err := c.spaces.Classifications(ctx, spaceID, metadata, options)
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

// OptionsExist tells whether every pair names an option of its metadata (search.OptionChecker).
func (c metadataCatalog) OptionsExist(ctx context.Context, pairs []search.MetadataOption) (bool, error) {
	metadata, options := make([]int64, len(pairs)), make([]int64, len(pairs))
	for i, p := range pairs {
		metadata[i], options[i] = p.MetadataID, p.OptionID
	}
	list, err := c.spaces.Classifications(ctx, 0, metadata, options)
	return err == nil && len(list) == len(pairs), err
}
