package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/tenancy/tenancytest"
)

func run(t *testing.T, url string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	cmd := rootCmd(&out)
	cmd.SetArgs(append(args, "--database-url", url))
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	err := cmd.ExecuteContext(context.Background())
	return out.String(), err
}

func TestIntegrationCLI(t *testing.T) {
	url := tenancytest.URL(t)
	count := func(q string) (n int) {
		conn, err := pgx.Connect(context.Background(), url)
		require.NoError(t, err)
		defer conn.Close(context.Background())
		require.NoError(t, conn.QueryRow(context.Background(), q).Scan(&n))
		return n
	}

	out, err := run(t, url, "space", "create", "--subdomain", "kssg", "--title", "Kantonsspital St. Gallen", "--color", "#C8102E", "--public")
	require.NoError(t, err, out)
	assert.Contains(t, out, "created space")
	out, err = run(t, url, "space", "list")
	require.NoError(t, err)
	assert.Contains(t, out, "kssg")
	assert.Contains(t, out, "#c8102e")

	out, err = run(t, url, "user", "create", "--email", "Anna@KSSG.ch", "--password", "Visite am Morgen um sieben", "--firstname", "Anna", "--super-admin")
	require.NoError(t, err, out)
	assert.Equal(t, 1, count("SELECT count(*) FROM control.logins WHERE email = 'anna@kssg.ch' AND verified"))
	assert.Equal(t, 1, count("SELECT count(*) FROM control.users WHERE super_admin"))
	out, err = run(t, url, "member", "add", "--space", "kssg", "--email", "anna@kssg.ch", "--admin")
	require.NoError(t, err, out)
	assert.Equal(t, 1, count("SELECT count(*) FROM control.space_members WHERE admin"))

	out, err = run(t, url, "space", "migrate", "kssg")
	require.NoError(t, err, out)
	out, err = run(t, url, "space", "migrate", "--all")
	require.NoError(t, err, out)
	assert.Contains(t, out, "migrated 0 spaces", "up to date")
	out, err = run(t, url, "space", "migrate", "--all", "--force")
	require.NoError(t, err, out)
	assert.Contains(t, out, "1 of 1 spaces")
	assert.Contains(t, out, "migrated 1 spaces")
	_, err = run(t, url, "space", "migrate", "kssg", "--force")
	assert.Error(t, err)

	// Bad arguments: an error, and nothing changes.
	spaces, users := count("SELECT count(*) FROM control.spaces"), count("SELECT count(*) FROM control.users")
	for _, args := range [][]string{
		{"space", "create", "--subdomain", "Bad_Name", "--title", "X"},
		{"space", "create", "--subdomain", "ok", "--title", ""},
		{"space", "create", "--subdomain", "ok", "--title", "X", "--color", "blue"},
		{"space", "create", "--subdomain", "kssg", "--title", "Duplicate"},
		{"space", "delete", "nosuch"},
		{"space", "migrate"},
		{"space", "migrate", "kssg", "--all"},
		{"user", "create", "--email", "not-an-email", "--password", "Visite am Morgen um sieben"},
		{"user", "create", "--email", "anna@kssg.ch", "--password", "Visite am Morgen um sieben"},
		{"user", "create", "--email", "b@kssg.ch", "--password", "x"},
		{"user", "create", "--email", "b@kssg.ch", "--password", "Passwort1234"},
		{"member", "add", "--space", "kssg", "--email", "ghost@kssg.ch"},
		{"member", "add", "--space", "nosuch", "--email", "anna@kssg.ch"},
		{"member", "add", "--space", "kssg"},
		{"space", "frobnicate"},
	} {
		_, err := run(t, url, args...)
		assert.Error(t, err, "%v", args)
	}
	assert.Equal(t, spaces, count("SELECT count(*) FROM control.spaces"))
	assert.Equal(t, users, count("SELECT count(*) FROM control.users"))

	// A space holding collections is not deleted.
	var schema string
	conn, err := pgx.Connect(context.Background(), url)
	require.NoError(t, err)
	require.NoError(t, conn.QueryRow(context.Background(), "SELECT schema_name FROM control.spaces WHERE subdomain = 'kssg'").Scan(&schema))
	_, err = conn.Exec(context.Background(), "INSERT INTO "+schema+".collections (title) VALUES ('Cardiology')")
	require.NoError(t, err)
	_, err = run(t, url, "space", "delete", "kssg")
	require.Error(t, err)
	assert.Contains(t, describe(err), "space.hasCollections")
	_, err = conn.Exec(context.Background(), "DELETE FROM "+schema+".collections")
	require.NoError(t, err)
	conn.Close(context.Background())
	out, err = run(t, url, "space", "delete", "kssg")
	require.NoError(t, err, out)
	assert.Equal(t, 0, count("SELECT count(*) FROM control.spaces"))

	// The audit trail names the operator for what the CLI did, and keeps the deleted space's entries.
	assert.Equal(t, 4, count(`SELECT count(*) FROM control.audit_log WHERE actor_id IS NULL AND actor_name = 'operator'
		AND action IN ('space.created', 'user.created', 'member.added', 'space.deleted')`))
	assert.Equal(t, 1, count(`SELECT count(*) FROM control.audit_log WHERE action = 'space.deleted' AND target_label = 'Kantonsspital St. Gallen'`))
}

func TestIntegrationCLIClusters(t *testing.T) {
	url := tenancytest.URL(t)
	second := tenancytest.SecondClusterURL(t)
	t.Setenv("VADEMECUM_SECRET_ZURICH_URL", second)
	count := func(q string) (n int) {
		conn, err := pgx.Connect(context.Background(), url)
		require.NoError(t, err)
		defer conn.Close(context.Background())
		require.NoError(t, conn.QueryRow(context.Background(), q).Scan(&n))
		return n
	}

	out, err := run(t, url, "cluster", "add", "zurich", "--url", "env:VADEMECUM_SECRET_ZURICH_URL")
	require.NoError(t, err, out)
	assert.Contains(t, out, "registered cluster zurich")
	out, err = run(t, url, "space", "create", "--subdomain", "insel", "--title", "Insel", "--cluster", "zurich", "--database")
	require.NoError(t, err, out)
	assert.Contains(t, out, "on cluster zurich as database")
	out, err = run(t, url, "space", "create", "--subdomain", "kssg", "--title", "KSSG")
	require.NoError(t, err, out)
	assert.Contains(t, out, "on cluster default as schema")

	out, err = run(t, url, "cluster", "list")
	require.NoError(t, err, out)
	assert.Regexp(t, `default\s+1\s+yes`, out)
	assert.Regexp(t, `zurich\s+1\s+yes\s+env:VADEMECUM_SECRET_ZURICH_URL`, out)
	out, err = run(t, url, "space", "list")
	require.NoError(t, err, out)
	assert.Regexp(t, `insel\s+Insel\s+active\s+\S+\s+false\s+zurich\s+database \S+_space_\d+`, out)

	// Bad input: a clear error, nothing registered or created.
	for _, args := range [][]string{
		{"cluster", "add", "zurich", "--url", second},
		{"cluster", "add", "Zürich", "--url", second},
		{"cluster", "add", "nowhere", "--url", "postgres:///x?host=/nonexistent&user=postgres"},
		{"cluster", "add", "leak", "--url", "env:HOME"},
		{"cluster", "add", "nourl"},
		{"space", "create", "--subdomain", "lost", "--title", "Lost", "--cluster", "mars"},
	} {
		out, err := run(t, url, args...)
		assert.Error(t, err, "%v: %s", args, out)
	}
	_, err = run(t, url, "space", "create", "--subdomain", "lost", "--title", "Lost", "--cluster", "mars")
	require.Error(t, err)
	assert.Equal(t, "no cluster has this name; see tenancy cluster list (space.unknownCluster) map[cluster:mars]", describe(err))
	out, err = run(t, url, "cluster", "list")
	require.NoError(t, err, out)
	assert.NotContains(t, out, "nowhere")
	assert.NotContains(t, out, "leak")

	// Move: between clusters and kinds of place; the kind stays unless a flag changes it.
	out, err = run(t, url, "space", "move", "insel", "--to", "default")
	require.NoError(t, err, out)
	assert.Regexp(t, `moved space insel to cluster default as database: \d+ tables, \d+ rows, writes paused for`, out)
	assert.Regexp(t, `copying \w+ \(table \d+ of \d+\)`, out, "the steps of the job the command worked")
	assert.Contains(t, out, "switching to the new place")
	assert.Equal(t, 1, count("SELECT count(*) FROM control.space_operations WHERE kind = 'move' AND state = 'done' AND requested_by IS NULL"))
	out, err = run(t, url, "space", "move", "insel", "--to", "zurich", "--schema")
	require.NoError(t, err, out)
	assert.Contains(t, out, "to cluster zurich as schema")
	out, err = run(t, url, "space", "list")
	require.NoError(t, err, out)
	assert.Regexp(t, `insel\s+Insel\s+active\s+\S+\s+false\s+zurich\s+schema`, out)
	for _, args := range [][]string{
		{"space", "move", "insel", "--to", "zurich", "--schema"},
		{"space", "move", "insel", "--to", "mars"},
		{"space", "move", "insel", "--to", "zurich", "--schema", "--database"},
		{"space", "move", "insel"},
		{"space", "move", "nosuch", "--to", "zurich"},
	} {
		out, err := run(t, url, args...)
		assert.Error(t, err, "%v: %s", args, out)
	}
	_, err = run(t, url, "space", "move", "insel", "--to", "zurich", "--schema")
	assert.Equal(t, "the space is placed there already (space.samePlacement)", describe(err))

	// An unfinished operation (a job some server works on) refuses another at once.
	conn, err := pgx.Connect(context.Background(), url)
	require.NoError(t, err)
	_, err = conn.Exec(context.Background(), `WITH j AS (INSERT INTO control.river_job (args, kind, max_attempts, queue, state, scheduled_at)
			VALUES ('{}', 'elsewhere', 1, 'elsewhere', 'scheduled', now() + interval '1 day') RETURNING id)
		INSERT INTO control.space_operations (space_id, kind, job_id) SELECT s.id, 'migrate', j.id FROM control.spaces s, j WHERE s.subdomain = 'insel'`)
	require.NoError(t, err)
	_, err = run(t, url, "space", "move", "insel", "--to", "default")
	require.Error(t, err)
	assert.Contains(t, describe(err), "space.operationRunning")
	_, err = run(t, url, "space", "migrate", "insel")
	assert.Contains(t, describe(err), "space.operationRunning")
	_, err = conn.Exec(context.Background(), "UPDATE control.space_operations SET state = 'failed' WHERE state = 'queued'")
	require.NoError(t, err)
	conn.Close(context.Background())
	out, err = run(t, url, "space", "migrate", "insel")
	require.NoError(t, err, out)
	assert.Regexp(t, `migrated space insel to version \d+`, out)

	// Suspend and resume: once each, nothing else.
	out, err = run(t, url, "space", "suspend", "insel")
	require.NoError(t, err, out)
	assert.Contains(t, out, "suspended space insel")
	out, err = run(t, url, "space", "list")
	require.NoError(t, err, out)
	assert.Regexp(t, `insel\s+Insel\s+suspended`, out)
	_, err = run(t, url, "space", "suspend", "insel")
	assert.EqualError(t, err, "space.notSuspendable")
	assert.Equal(t, "only an active space can be suspended, and only a suspended one resumed (space.notSuspendable) map[status:suspended]", describe(err))
	out, err = run(t, url, "space", "resume", "insel")
	require.NoError(t, err, out)
	_, err = run(t, url, "space", "resume", "insel")
	assert.Error(t, err)
	_, err = run(t, url, "space", "suspend", "nosuch")
	assert.Error(t, err)

	out, err = run(t, url, "space", "delete", "insel")
	require.NoError(t, err, out)
}
