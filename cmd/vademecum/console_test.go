package main

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/controlplane"
	"vademecum/tenancy"
)

// TestConsoleWiring: the server serves the control-plane console on the landing site to the
// super admin, and its job client carries out the operations the console queues.
func TestConsoleWiring(t *testing.T) {
	e := newEnv(t)
	var list controlplane.ConsoleSpaceList
	res := e.api("www", e.super, "admin/query/consoleSpaces", map[string]any{})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res.JSON(t, &list)
	assert.Equal(t, 2, list.Total)
	assert.Equal(t, tenancy.LatestSpaceVersion(), list.LatestSchemaVersion)

	res = e.api("www", e.super, "admin/mutation/migrateSpace", map[string]any{"id": e.alpha.ID})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	var op controlplane.Operation
	res.JSON(t, &op)
	require.Eventually(t, func() bool {
		res := e.api("www", e.super, "admin/query/spaceOperation", map[string]any{"id": op.ID})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		res.JSON(t, &op)
		return op.Finished()
	}, time.Minute, 50*time.Millisecond)
	assert.Equal(t, controlplane.StateDone, op.State, "%+v", op.Error)
	assert.Equal(t, 1, e.count("SELECT count(*) FROM control.audit_log WHERE action = 'space.migrated' AND actor_id = $1", e.ids["super@test.ch"]))

	res = e.api("www", e.alphaAdmin, "admin/query/consoleSpaces", map[string]any{})
	assert.Equal(t, http.StatusForbidden, res.Status)
	res = e.api("alpha", e.alphaAdmin, "admin/mutation/suspendSpace", map[string]any{"id": e.alpha.ID})
	assert.Equal(t, http.StatusForbidden, res.Status)
	res = e.api("www", "", "admin/query/clusters", map[string]any{})
	assert.Equal(t, http.StatusUnauthorized, res.Status)
}
