package tenancy

// Step is how far a long operation on a space (a move, a migration) has come: a message key
// the console translates (operation.step.*), its parameters, and the fraction done (0..1).
// The operators' CLI renders the same steps in English.
type Step struct {
	Key      string
	Params   map[string]any
	Fraction float64
}

// The keys of the steps of a move and of a migration.
const (
	StepPreparing = "operation.step.preparing"
	// StepCopying has the params table (the table being copied), tables (how many there are)
	// and done (how many are copied and verified).
	StepCopying = "operation.step.copying"
	// StepVerifying has the params of StepCopying: the table being compared with the original.
	StepVerifying = "operation.step.verifying"
	StepSwitching = "operation.step.switching"
	StepCleaning  = "operation.step.cleaning"
	StepMigrating = "operation.step.migrating"
)

// Fractions of a move: making the target and migrating it, copying and verifying the tables
// (the bulk of the time), switching the placement, removing the old place.
const (
	copyStart  = 0.1
	copyEnd    = 0.85
	switchAt   = 0.9
	cleaningAt = 0.95
)

// copyStep is the step of copying (or verifying) table, the done-th of tables.
func copyStep(key, table string, done, tables int) Step {
	f := copyStart
	if tables > 0 {
		f += (copyEnd - copyStart) * float64(done) / float64(tables)
	}
	return Step{Key: key, Params: map[string]any{"table": table, "tables": tables, "done": done}, Fraction: f}
}

// LatestSpaceVersion is the newest space migration embedded in this build: a space whose
// recorded schema version is lower needs migrating.
func LatestSpaceVersion() int64 { return latestSpaceVersion }
