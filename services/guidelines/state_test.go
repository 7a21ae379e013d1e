package guidelines

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestStates(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	v := func(n int) *int { return &n }
	at := func(d time.Duration) *time.Time { x := now.Add(d); return &x }
	day := 24 * time.Hour
	tests := []struct {
		name string
		f    Facts
		want []string
	}{
		{"new draft", Facts{Latest: 1, Online: true}, []string{StateCreated, StateNeverPublished, StateNotVisible}},
		{"submitted first version", Facts{Latest: 1, Online: true, Open: ProgressSubmitted}, []string{StateSubmitted, StateNeverPublished, StateNotVisible}},
		{"validator opened it", Facts{Latest: 1, Online: true, Open: ProgressInValidation}, []string{StateInValidation, StateNeverPublished, StateNotVisible}},
		{"rejected before publication", Facts{Latest: 1, Online: true, LastClosed: ProgressRejected}, []string{StateRejected, StateNeverPublished, StateNotVisible}},
		{"withdrawn before publication", Facts{Latest: 1, Online: true, LastClosed: ProgressWithdrawn}, []string{StateNeverPublished, StateNotVisible}},
		{"accepted and online", Facts{Latest: 2, Published: v(2), Online: true, ValidUntil: at(300 * day), LastClosed: ProgressAccepted},
			[]string{StateAccepted, StateOnline}},
		{"edited after publication", Facts{Latest: 3, Published: v(2), Online: true, ValidUntil: at(300 * day), LastClosed: ProgressAccepted},
			[]string{StateEdited, StateOnline}},
		{"resubmitted while online", Facts{Latest: 3, Published: v(2), Online: true, ValidUntil: at(300 * day), Open: ProgressSubmitted, LastClosed: ProgressAccepted},
			[]string{StateSubmitted, StateOnline}},
		{"rejected change keeps the published text online", Facts{Latest: 3, Published: v(2), Online: true, ValidUntil: at(300 * day), LastClosed: ProgressRejected},
			[]string{StateRejected, StateOnline}},
		{"expiring inside the window", Facts{Latest: 2, Published: v(2), Online: true, ValidUntil: at(10 * day), LastClosed: ProgressAccepted},
			[]string{StateAccepted, StateExpiring, StateOnline}},
		{"expiring exactly at the window", Facts{Latest: 2, Published: v(2), Online: true, ValidUntil: at(30 * day), LastClosed: ProgressAccepted},
			[]string{StateAccepted, StateExpiring, StateOnline}},
		{"expired", Facts{Latest: 2, Published: v(2), Online: true, ValidUntil: at(-time.Second), LastClosed: ProgressAccepted},
			[]string{StateAccepted, StateExpired, StateNotVisible, StateOnline}},
		{"expires this instant", Facts{Latest: 2, Published: v(2), Online: true, ValidUntil: at(0), LastClosed: ProgressAccepted},
			[]string{StateAccepted, StateExpired, StateNotVisible, StateOnline}},
		{"taken offline", Facts{Latest: 2, Published: v(2), Online: false, ValidUntil: at(300 * day), LastClosed: ProgressAccepted},
			[]string{StateAccepted, StateNotVisible, StateOffline}},
		{"archived", Facts{Latest: 2, Published: v(2), Online: true, Archived: true, ValidUntil: at(-day), Open: ProgressSubmitted},
			[]string{StateArchived, StateNotVisible, StateOffline}},
		{"archived draft", Facts{Latest: 1, Online: true, Archived: true}, []string{StateArchived, StateNeverPublished, StateNotVisible}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := States(tt.f, now, DefaultExpiringWindow)
			assert.Equal(t, tt.want, got)
			notVisible := false
			for _, s := range got {
				notVisible = notVisible || s == StateNotVisible
			}
			assert.Equal(t, !notVisible, Readable(tt.f, now), "notVisible and Readable agree")
		})
	}
}

func TestExportTextsComplete(t *testing.T) {
	for lang, texts := range exportTexts {
		assert.Len(t, texts, len(exportTexts["de"]), lang)
		for key := range exportTexts["de"] {
			assert.NotEmpty(t, texts[key], "%s: %s", lang, key)
		}
	}
	assert.Len(t, exportTexts, len(Languages))
}

func TestColumnNames(t *testing.T) {
	for i, want := range map[int]string{0: "A", 25: "Z", 26: "AA", 27: "AB", 701: "ZZ", 702: "AAA"} {
		assert.Equal(t, want, column(i))
	}
}
