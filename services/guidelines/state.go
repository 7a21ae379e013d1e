package guidelines

import "time"

// State labels of a guideline language (spec §4).
const (
	StateCreated        = "created"
	StateEdited         = "edited"
	StateSubmitted      = "submitted"
	StateInValidation   = "inValidation"
	StateAccepted       = "accepted"
	StateRejected       = "rejected"
	StateExpiring       = "expiring"
	StateExpired        = "expired"
	StateArchived       = "archived"
	StateNeverPublished = "neverPublished"
	StateNotVisible     = "notVisible"
	StateOnline         = "online"
	StateOffline        = "offline"
)

// Progress values of a validation request. A request starts submitted, is inValidation once
// a validator has opened it, and ends accepted, rejected or withdrawn (the guideline was
// archived while the request was open).
const (
	ProgressSubmitted    = "submitted"
	ProgressInValidation = "inValidation"
	ProgressAccepted     = "accepted"
	ProgressRejected     = "rejected"
	ProgressWithdrawn    = "withdrawn"
)

// DefaultExpiringWindow is how long before valid-until a language counts as expiring.
const DefaultExpiringWindow = 30 * 24 * time.Hour

// Clock is the time and the reminder window states are derived with; the zero Clock is the
// wall clock with the default window. Tests set Now to control validity.
type Clock struct {
	Now    func() time.Time
	Window time.Duration
}

// Time returns the current time in UTC.
func (c Clock) Time() time.Time {
	if c.Now != nil {
		return c.Now().UTC()
	}
	return time.Now().UTC()
}

// ExpiringWindow is how long before valid-until a language counts as expiring.
func (c Clock) ExpiringWindow() time.Duration {
	if c.Window > 0 {
		return c.Window
	}
	return DefaultExpiringWindow
}

// Facts are the stored facts about one language of a guideline from which its states follow.
type Facts struct {
	Latest     int  // latest version number of the language
	Published  *int // published version, nil when never published
	Online     bool
	Archived   bool
	ValidUntil *time.Time
	// Open is the progress of the open validation request, "" when none is open.
	Open string
	// LastClosed is the outcome of the latest closed request ("accepted", "rejected",
	// "withdrawn"), "" when none was closed.
	LastClosed string
}

// States derives the state labels of a guideline language at a moment. It is the one place
// that decides them: My Guidelines rows, navigation counters and the reader all use it.
func States(f Facts, now time.Time, expiringWindow time.Duration) []string {
	var out []string
	published := f.Published != nil
	expired := published && f.ValidUntil != nil && !now.Before(*f.ValidUntil)
	switch {
	case f.Archived:
		out = append(out, StateArchived)
	case f.Open == ProgressSubmitted:
		out = append(out, StateSubmitted)
	case f.Open == ProgressInValidation:
		out = append(out, StateInValidation)
	case f.LastClosed == ProgressRejected:
		out = append(out, StateRejected)
	case !published && f.LastClosed == "":
		out = append(out, StateCreated)
	case published && f.Latest > *f.Published:
		out = append(out, StateEdited)
	case published && f.LastClosed == ProgressAccepted:
		out = append(out, StateAccepted)
	}
	if !published {
		out = append(out, StateNeverPublished)
	}
	if published && !f.Archived {
		switch {
		case expired:
			out = append(out, StateExpired)
		case f.ValidUntil != nil && f.ValidUntil.Sub(now) <= expiringWindow:
			out = append(out, StateExpiring)
		}
	}
	if !Readable(f, now) {
		out = append(out, StateNotVisible)
	}
	if published {
		if f.Online && !f.Archived {
			out = append(out, StateOnline)
		} else {
			out = append(out, StateOffline)
		}
	}
	return out
}

// Readable reports whether readers see the language: published, online, not archived and
// not expired. readableSQL is the same rule for queries; a test proves the two agree.
func Readable(f Facts, now time.Time) bool {
	return f.Published != nil && f.Online && !f.Archived && (f.ValidUntil == nil || now.Before(*f.ValidUntil))
}

// readableSQL is Readable for a row l of guideline_languages at the time in parameter now.
func readableSQL(now string) string {
	return `(l.published_version IS NOT NULL AND l.online AND NOT l.archived AND (l.valid_until IS NULL OR l.valid_until > ` + now + `))`
}
