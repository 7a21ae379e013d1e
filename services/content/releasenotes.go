package content

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"vademecum/services/guidelines"
)

// ReleaseNote is a release of the product (spec §3): its tag, what it brought (HTML) and
// when it was released.
type ReleaseNote struct {
	TagName     string    `json:"tagName"`
	Description string    `json:"description"`
	Released    time.Time `json:"released"`
}

//go:embed releasenotes.json
var releaseNotesJSON []byte

// releaseNotes are the product's releases, newest first, read once from the file kept with
// the code so that every release documents itself.
var releaseNotes = mustReleaseNotes(releaseNotesJSON)

func mustReleaseNotes(raw []byte) []ReleaseNote {
	var notes []ReleaseNote
	if err := json.Unmarshal(raw, &notes); err != nil {
		panic(fmt.Sprintf("content: releasenotes.json: %v", err))
	}
	for i := range notes {
		notes[i].Description = guidelines.Sanitize(notes[i].Description)
	}
	sort.SliceStable(notes, func(i, j int) bool { return notes[i].Released.After(notes[j].Released) })
	return notes
}

// ReleaseNotes lists the product's releases, newest first.
func (s *Service) ReleaseNotes(context.Context, struct{}) ([]ReleaseNote, error) {
	return releaseNotes, nil
}
