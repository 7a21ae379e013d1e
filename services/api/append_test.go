package api

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// AppendString and AppendTime write exactly what encoding/json writes.
func TestAppendMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{
		"", "Sepsis – Erstversorgung", `"quoted" \ back\slash`, "<script>&amp;</script>", "line\nbreak\r\ttab\b\f",
		"\x00\x01\x1f\x7f", "sep\u2028par\u2029", "invalid \xff\xfe utf-8", "emoji 🫀 and Ü", string([]byte{0xe2, 0x80}),
	} {
		want, err := json.Marshal(s)
		assert.NoError(t, err)
		assert.Equal(t, string(want), string(AppendString(nil, s)), "%q", s)
	}
	for _, tm := range []time.Time{time.Date(2026, 11, 21, 9, 5, 0, 0, time.UTC), time.Date(2026, 3, 1, 0, 0, 0, 123456789, time.FixedZone("CET", 3600))} {
		want, err := json.Marshal(tm)
		assert.NoError(t, err)
		assert.Equal(t, string(want), string(AppendTime(nil, tm)))
	}
	assert.Equal(t, `null`, string(AppendStrings(nil, nil)))
	assert.Equal(t, `["de","fr"]`, string(AppendStrings(nil, []string{"de", "fr"})))
}

func FuzzAppendString(f *testing.F) {
	f.Add("Ernährung <b>")
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendString(nil, s); string(got) != string(want) {
			t.Fatalf("%q: got %s, want %s", s, got, want)
		}
	})
}
