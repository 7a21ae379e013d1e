package auth

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
)

func TestCheckNewPasswordNamesWhatIsWrong(t *testing.T) {
	for _, c := range []struct {
		password, message, reason string
		personal                  []string
	}{
		{"kurz", "user.passwordTooShort", "", nil},
		{"Passwort1234", "user.passwordWeak", "common", nil},
		{"aaaaaaaaaaaaaaa", "user.passwordWeak", "repeat", nil},
		{"abcdefghijklmnop", "user.passwordWeak", "sequence", nil},
		{"anna.keller1985", "user.passwordWeak", "personal", []string{"Anna", "Keller", "anna.keller@kssg.ch"}},
		{strings.Repeat("x", 300), "user.passwordTooLong", "", nil},
		{"Blutdruck-Manschette im Schrank 7", "", "", nil},
		{"vT9#qLm2!zR4wX", "", "", nil},
	} {
		t.Run(c.password, func(t *testing.T) {
			err := CheckNewPassword(c.password, c.personal...)
			if c.message == "" {
				assert.NoError(t, err)
				return
			}
			e, ok := api.AsError(err)
			require.True(t, ok, "%v", err)
			assert.Equal(t, c.message, e.Message)
			assert.Equal(t, "password", e.Params["field"])
			if c.reason != "" {
				assert.Equal(t, c.reason, e.Params["reason"])
			}
		})
	}
}
