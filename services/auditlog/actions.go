package auditlog

import "sort"

// Actions are the stable keys of the events recorded; the UI translates each into a sentence
// (frontend/src/locales, "audit.action.<key>"), filters name them, and exports carry them as
// they are. Keys are never renamed: entries keep theirs for years. Add new ones here and in
// the four locales.
var Actions = []string{
	// Accounts and sessions, recorded by the sign-in and account code (services/auth,
	// services/users) with Record in the transaction of the change. Before a session exists
	// the actor is given with WithActor or Entry.Actor; a failed sign-in names the attempted
	// address as Actor.Email with ID 0 (or the account's id when it exists). Target: the
	// account (TypeUser) or, for logins, TypeLogin. They are installation-wide
	// (Entry.Installation), except invitations, which belong to the inviting space.
	ActionSignIn, ActionSignInFailed, ActionPasswordChanged, ActionPasswordReset, ActionEmailChanged,
	ActionSecondFactorEnabled, ActionSecondFactorDisabled, ActionSessionEnded,
	ActionInvitationSent, ActionInvitationRevoked, ActionInvitationAccepted,

	// Spaces (the super admin's space administration; the CLI as Operator).
	"space.created", "space.updated", "space.deleted", "space.variableSet", "space.variableDeleted",
	"space.metadataChanged", "space.landingPageChanged", "space.suspended", "space.resumed", "space.moved",
	"space.migrated", "space.dumped", "space.restored", "space.searchSynonymsChanged",
	// A space's custom domains (its admins).
	"space.domainAdded", "space.domainVerified", "space.domainRemoved",
	// Space membership.
	"member.added", "member.removed", "member.adminGranted", "member.adminRevoked",
	"membershipRequest.accepted", "membershipRequest.declined",
	// Collections and the roles in them.
	"collection.created", "collection.updated", "collection.deleted",
	"collection.memberAdded", "collection.memberRemoved", "collection.validatorAdded", "collection.validatorRemoved",
	"collection.adminGranted", "collection.adminRevoked", "collection.historyReaderAdded", "collection.historyReaderRemoved",
	// Sharing collections between spaces.
	"sharing.offered", "sharing.withdrawn", "sharing.activated", "sharing.deactivated",
	// Guidelines.
	"guideline.approved", "guideline.published", "guideline.rejected", "guideline.hotfixed", "guideline.archived", "guideline.restored",
	"guideline.online", "guideline.offline", "guideline.deleted", "guideline.languageDeleted",
	"guideline.moved", "guideline.copied", "guideline.authorChanged", "guideline.coAuthorsAdded", "guideline.coAuthorsRemoved",
	"guideline.translationConfirmed",
	// Users, as the super admin administers them.
	"user.created", "user.deleted", "user.emailChanged", "user.loginAdded", "user.loginDeleted",
	"user.superAdminGranted", "user.superAdminRevoked",
	// Metadata definitions, shared by every space.
	"metadata.saved", "metadata.deleted",
	// Exports of data out of the product.
	"export.myGuidelines", "export.guidelineDraftPdf", "export.auditLog",
}

// The keys of the account and session events that services/auth and services/users record.
const (
	ActionSignIn               = "auth.signIn"
	ActionSignInFailed         = "auth.signInFailed"
	ActionPasswordChanged      = "auth.passwordChanged"
	ActionPasswordReset        = "auth.passwordReset"
	ActionEmailChanged         = "auth.emailChanged"
	ActionSecondFactorEnabled  = "auth.secondFactorEnabled"
	ActionSecondFactorDisabled = "auth.secondFactorDisabled"
	ActionSessionEnded         = "auth.sessionEnded"
	ActionInvitationSent       = "invitation.sent"
	ActionInvitationRevoked    = "invitation.revoked"
	ActionInvitationAccepted   = "invitation.accepted"
)

var known = func() map[string]bool {
	m := make(map[string]bool, len(Actions))
	for _, a := range Actions {
		m[a] = true
	}
	return m
}()

// Known reports whether action is one of Actions.
func Known(action string) bool { return known[action] }

// SortedActions returns the action keys in alphabetical order.
func SortedActions() []string {
	out := append([]string(nil), Actions...)
	sort.Strings(out)
	return out
}
