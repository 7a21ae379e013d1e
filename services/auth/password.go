package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/trustelem/zxcvbn"
	"github.com/trustelem/zxcvbn/match"
	"golang.org/x/crypto/argon2"

	"vademecum/services/api"
)

// argon2id parameters (OWASP's recommendation: 19 MiB, 2 passes, 1 lane).
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
)

// HashPassword returns an argon2id hash in the PHC string format.
func HashPassword(password string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// dummyHash is verified against when no account exists, so that unknown and known e-mail
// addresses take the same time to refuse.
var dummyHash, _ = HashPassword("vademecum-timing-equaliser")

// CheckPassword reports whether password matches the PHC-encoded argon2id hash.
func CheckPassword(hash, password string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("unsupported password hash")
	}
	var m uint32
	var t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false, err
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, err
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// MinPasswordLength is the shortest password a person may choose.
const MinPasswordLength = 12

// maxPasswordLength bounds the work of hashing and of the strength check.
const maxPasswordLength = 256

// minPasswordScore is zxcvbn's "safely unguessable" (about 10^8 guesses and more).
const minPasswordScore = 3

// Errors of the password rules; params name what is wrong so that the UI can say it.
var (
	ErrPasswordTooShort = api.Invalid("user.passwordTooShort")
	ErrPasswordTooLong  = api.Invalid("user.passwordTooLong")
	ErrPasswordWeak     = api.Invalid("user.passwordWeak")
)

// CheckNewPassword applies the rules for a password a person chooses: at least
// MinPasswordLength characters and hard to guess by zxcvbn's estimate, which knows common
// passwords, names and words, keyboard patterns, repeats, sequences and dates. personal are
// the person's own words (names, e-mail), which make a password easy to guess for them.
func CheckNewPassword(password string, personal ...string) error {
	n := utf8.RuneCountInString(password)
	switch {
	case n < MinPasswordLength:
		return ErrPasswordTooShort.With(map[string]any{"field": "password", "min": MinPasswordLength})
	case n > maxPasswordLength:
		return ErrPasswordTooLong.With(map[string]any{"field": "password", "max": maxPasswordLength})
	}
	var inputs []string
	for _, p := range personal {
		p = strings.ToLower(strings.TrimSpace(p))
		if p == "" {
			continue
		}
		inputs = append(inputs, p)
		// an address's parts are guessable on their own: anna.keller@kssg.ch → anna, keller, kssg
		inputs = append(inputs, strings.FieldsFunc(p, func(r rune) bool { return r == '@' || r == '.' || r == '-' || r == '_' || r == ' ' })...)
	}
	lower := strings.ToLower(password)
	for _, in := range inputs {
		// a name or address inside the password is the first thing a colleague would try
		if utf8.RuneCountInString(in) >= 4 && strings.Contains(lower, in) {
			return ErrPasswordWeak.With(map[string]any{"field": "password", "reason": "personal"})
		}
	}
	res := zxcvbn.PasswordStrength(password, inputs)
	if res.Score >= minPasswordScore {
		return nil
	}
	return ErrPasswordWeak.With(map[string]any{"field": "password", "reason": weakness(res.Sequence)})
}

// weakness names the pattern that makes a password easiest to guess: the one covering the
// most characters ("personal", "common", "repeat", "sequence", "keyboard", "date"), or
// "short" when it is merely too simple.
func weakness(seq []*match.Match) string {
	best, cover := "short", 0
	for _, m := range seq {
		var reason string
		switch m.Pattern {
		case "dictionary":
			reason = "common"
			if m.DictionaryName == "user_inputs" {
				reason = "personal"
			}
		case "repeat":
			reason = "repeat"
		case "sequence":
			reason = "sequence"
		case "spatial":
			reason = "keyboard"
		case "date", "regex":
			reason = "date"
		default:
			continue
		}
		if n := m.J - m.I + 1; n > cover {
			best, cover = reason, n
		}
	}
	return best
}
