package auditlog_test

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/auditlog"
)

// TestActionsKnownToTheUI: the web app lists the same action keys (frontend/src/lib/auditLog.ts)
// and has a sentence for each in every language, so that no entry shows as a bare key.
func TestActionsKnownToTheUI(t *testing.T) {
	src, err := os.ReadFile("../../frontend/src/lib/auditLog.ts")
	require.NoError(t, err)
	block := string(src)
	block = block[strings.Index(block, "AUDIT_ACTION_GROUPS"):strings.Index(block, "] as const;")]
	var ui []string
	for _, m := range regexp.MustCompile(`'([a-z][A-Za-z]*\.[a-z][A-Za-z]*)'`).FindAllStringSubmatch(block, -1) {
		ui = append(ui, m[1])
	}
	sort.Strings(ui)
	assert.Equal(t, auditlog.SortedActions(), ui)

	for _, lang := range []string{"de", "en", "fr", "it"} {
		raw, err := os.ReadFile("../../frontend/src/locales/" + lang + ".json")
		require.NoError(t, err)
		var locale struct {
			Audit struct {
				Action map[string]map[string]string `json:"action"`
			} `json:"audit"`
		}
		require.NoError(t, json.Unmarshal(raw, &locale))
		for _, a := range auditlog.Actions {
			group, key, _ := strings.Cut(a, ".")
			assert.Contains(t, locale.Audit.Action[group][key], "{{actor}}", "%s: audit.action.%s", lang, a)
		}
	}
}
