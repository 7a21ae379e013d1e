package users

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Identity is a person as an identity provider vouches for them: the provider's name in
// control.logins, its subject for the person, and an e-mail address the provider verified.
type Identity struct {
	Provider  string
	Subject   string
	Email     string
	Firstname string
	Lastname  string
}

// IdentityOutcome says how an identity was matched to an account.
type IdentityOutcome int

// How an identity came to its account.
const (
	// IdentityKnown: the provider's login existed already.
	IdentityKnown IdentityOutcome = iota + 1
	// IdentityLinked: the login was added to the account with a verified login of that address.
	IdentityLinked
	// IdentityCreated: a new account was created for it.
	IdentityCreated
)

// SignInIdentity returns the account and login an identity signs in with: the login of the
// provider and subject if there is one (its address follows the provider's), else a new
// login on the account that already has a verified login with that address (a local one
// first), else a new account named after the identity. Unverified logins of the address are
// never linked: whoever created them has not proved the address, and linking would hand
// them the provider's account.
func (s *Service) SignInIdentity(ctx context.Context, id Identity) (userID, loginID int64, outcome IdentityOutcome, err error) {
	email, err := NormalizeEmail(id.Email)
	if err != nil {
		return 0, 0, 0, err
	}
	if id.Provider == "" || id.Provider == "local" || id.Subject == "" {
		return 0, 0, 0, fmt.Errorf("identity of provider %q, subject %q: not an external identity", id.Provider, id.Subject)
	}
	// Two first sign-ins of one person at once: the second one's insert breaks the unique
	// (provider, subject) and finds the first one's login when it tries again.
	for attempt := 0; ; attempt++ {
		err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
			userID, loginID, outcome, err = signInIdentity(ctx, tx, id, email)
			return err
		})
		var pgErr *pgconn.PgError
		if attempt == 0 && errors.As(err, &pgErr) && pgErr.Code == "23505" {
			continue
		}
		if err != nil {
			return 0, 0, 0, fmt.Errorf("sign in identity: %w", err)
		}
		if s.Grants != nil && outcome != IdentityKnown {
			s.Grants.Invalidate(userID)
		}
		return userID, loginID, outcome, nil
	}
}

func signInIdentity(ctx context.Context, tx pgx.Tx, id Identity, email string) (userID, loginID int64, outcome IdentityOutcome, err error) {
	err = tx.QueryRow(ctx, `UPDATE control.logins SET email = $3, verified = true
		WHERE provider = $1 AND subject = $2 RETURNING user_id, id`, id.Provider, id.Subject, email).Scan(&userID, &loginID)
	if err == nil {
		return userID, loginID, IdentityKnown, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return 0, 0, 0, err
	}
	outcome = IdentityLinked
	err = tx.QueryRow(ctx, `SELECT user_id FROM control.logins WHERE email = $1 AND verified
		ORDER BY provider = 'local' DESC, is_primary DESC, id LIMIT 1`, email).Scan(&userID)
	if errors.Is(err, pgx.ErrNoRows) {
		outcome = IdentityCreated
		err = tx.QueryRow(ctx, `INSERT INTO control.users (firstname, lastname) VALUES ($1, $2) RETURNING id`,
			cleanName(id.Firstname), cleanName(id.Lastname)).Scan(&userID)
	}
	if err != nil {
		return 0, 0, 0, err
	}
	err = tx.QueryRow(ctx, `INSERT INTO control.logins (user_id, provider, subject, email, verified, is_primary)
		VALUES ($1, $2, $3, $4, true, $5) RETURNING id`, userID, id.Provider, id.Subject, email, outcome == IdentityCreated).Scan(&loginID)
	return userID, loginID, outcome, err
}

// cleanName keeps a name a provider sends within the rules of profile names: no control
// characters, at most maxName characters.
func cleanName(s string) string {
	s = strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s))
	if r := []rune(s); len(r) > maxName {
		s = strings.TrimSpace(string(r[:maxName]))
	}
	return s
}
