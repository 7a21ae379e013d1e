package policy

import "context"

// Principal is who makes a request: a signed-in user, or anonymous when UserID is 0.
type Principal struct {
	UserID  int64
	LoginID int64
	// SessionID is the session the request came with (0 for none).
	SessionID int64
	// SecondFactor: the session was opened with a second factor, which some administrator
	// rights require.
	SecondFactor bool
}

// Anonymous reports whether nobody is signed in.
func (p Principal) Anonymous() bool { return p.UserID == 0 }

type principalKey struct{}

// WithPrincipal returns ctx carrying the principal.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// PrincipalFrom returns the request's principal (anonymous when none was set).
func PrincipalFrom(ctx context.Context) Principal {
	p, _ := ctx.Value(principalKey{}).(Principal)
	return p
}
