package main

import (
	"testing"

	"vademecum/tenancy"
)

// betaPlacement places the space beta of newEnv; alpha stays a schema of the control
// database. A cluster other than the default is registered as a second private cluster.
var betaPlacement tenancy.Placement

// The cases that cross spaces run with beta on another cluster, as a schema of its shared
// database and in a database of its own: sharing a collection between the spaces, reading
// and searching what is shared, user administration over both spaces, deleting an account
// that both reference, copying guidelines from one to the other.
func TestIntegrationAcrossClusters(t *testing.T) {
	cases := []struct {
		name string
		fn   func(*testing.T)
	}{
		{"Sharing", TestIntegrationSharing},
		{"ReaderShares", TestIntegrationReaderShares},
		{"ReadingScope", TestIntegrationReadingScope},
		{"Search", TestIntegrationSearch},
		{"UserAdministration", TestIntegrationUserAdministration},
		{"UserSearch", TestIntegrationUserSearch},
		{"MembershipRequests", TestIntegrationMembershipRequests},
		{"CopyGuidelines", TestIntegrationCopyGuidelinesToAnotherSpace},
		{"RightsMatrix", TestIntegrationRightsMatrix},
	}
	for _, at := range []struct {
		name string
		at   tenancy.Placement
	}{
		{"schema", tenancy.Placement{Cluster: "second"}},
		{"database", tenancy.Placement{Cluster: "second", OwnDatabase: true}},
	} {
		t.Run(at.name, func(t *testing.T) {
			betaPlacement = at.at
			defer func() { betaPlacement = tenancy.Placement{} }()
			for _, c := range cases {
				t.Run(c.name, c.fn)
			}
		})
	}
}
