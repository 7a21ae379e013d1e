// Package controlplane is the control-plane service that the console, the API and the
// operators' CLI share: the clusters, the console's list of spaces with their placement,
// size and activity, suspending and resuming spaces, and the long operations on one space
// (move, migrate), which run as River jobs and record their progress in
// control.space_operations.
package controlplane

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/certificates"
	"vademecum/services/spaces"
	"vademecum/tenancy"
)

// ErrOperationRunning refuses a long operation on a space that has an unfinished one.
var ErrOperationRunning = api.Conflict("space.operationRunning")

// Kinds of operations.
const (
	KindMove    = "move"
	KindMigrate = "migrate"
)

// States of an operation.
const (
	StateQueued  = "queued"
	StateRunning = "running"
	StateDone    = "done"
	StateFailed  = "failed"
)

// The last steps of operations that succeeded.
const (
	// StepMoved has the params tables, rows and writePauseMs.
	StepMoved = "operation.step.moved"
	// StepMigrated has the param version.
	StepMigrated = "operation.step.migrated"
)

// Service implements the control plane's calls and runs its operations.
type Service struct {
	DB       *tenancy.DB
	Registry *tenancy.Registry
	Spaces   *spaces.Service
	// Activity reads when a space was last changed (the audit trail).
	Activity *auditlog.Store
	// Certificates, when the server obtains its certificates, tell what each space's host has;
	// BaseDomain makes a space's host from its subdomain.
	Certificates *certificates.Records
	BaseDomain   string
	// Jobs queues an operation's job in the transaction that records it.
	Jobs JobInserter
	// OnStep, if set, hears every step of the operations this process carries out, as they
	// are recorded (the CLI prints them; Wait sees only the steps its polls catch).
	OnStep func(operation int64, step tenancy.Step)
}

// JobInserter inserts a background job in a transaction, to run once it commits.
type JobInserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

func (s *Service) store() *store { return &store{pool: s.DB.Control()} }

// Operation is a long operation on a space as the console shows it. Step is a message key
// (operation.step.*) with StepParams; Progress goes from 0 to 1; Error is set when it failed
// (or, while it waits for a retry, the error of the attempt that failed).
type Operation struct {
	ID         int64           `json:"id"`
	SpaceID    int64           `json:"spaceId"`
	Kind       string          `json:"kind"`
	State      string          `json:"state"`
	Step       string          `json:"step"`
	StepParams map[string]any  `json:"stepParams"`
	Progress   float64         `json:"progress"`
	Error      *OperationError `json:"error"`
	CreatedAt  time.Time       `json:"createdAt"`
	StartedAt  *time.Time      `json:"startedAt"`
	FinishedAt *time.Time      `json:"finishedAt"`
}

// Finished tells whether the operation is done or failed.
func (o Operation) Finished() bool { return o.State == StateDone || o.State == StateFailed }

// OperationError is why an operation failed: a message key and its params, as API errors.
type OperationError struct {
	Message string         `json:"message"`
	Params  map[string]any `json:"params"`
}

// errorOf is the public form of an operation's error: the public error as it is, anything
// else as operation.failed with the error's text for the operator.
func errorOf(err error) OperationError {
	if e, ok := api.AsError(err); ok {
		params := e.Params
		if params == nil {
			params = map[string]any{}
		}
		return OperationError{Message: e.Message, Params: params}
	}
	return OperationError{Message: "operation.failed", Params: map[string]any{"reason": err.Error()}}
}

// moveArgs are the arguments of a move.
type moveArgs struct {
	Cluster   string `json:"cluster"`
	Placement string `json:"placement"`
}

// RequestMove queues a move of a space: refusals (unknown cluster, the same place, a space
// that is not active, an unfinished operation) come at once and change nothing.
func (s *Service) RequestMove(ctx context.Context, sp *tenancy.Space, to tenancy.Placement) (Operation, error) {
	if to.Cluster == "" {
		to.Cluster = tenancy.DefaultCluster
	}
	if err := s.idle(ctx, sp); err != nil {
		return Operation{}, err
	}
	if err := s.Spaces.CheckMove(ctx, sp, to); err != nil {
		return Operation{}, err
	}
	placement := spaces.PlacementSchema
	if to.OwnDatabase {
		placement = spaces.PlacementDatabase
	}
	return s.enqueue(ctx, sp, KindMove, moveArgs{Cluster: to.Cluster, Placement: placement})
}

// RequestMigrate queues the migration of a space's schema; a space being moved is migrated
// by its move.
func (s *Service) RequestMigrate(ctx context.Context, sp *tenancy.Space) (Operation, error) {
	if err := s.idle(ctx, sp); err != nil {
		return Operation{}, err
	}
	if sp.Status == tenancy.StatusMoving {
		return Operation{}, spaces.ErrMoving
	}
	return s.enqueue(ctx, sp, KindMigrate, struct{}{})
}

// idle refuses a space with an unfinished operation, after settling those nothing will
// finish and taking over one whose worker died.
func (s *Service) idle(ctx context.Context, sp *tenancy.Space) error {
	st := s.store()
	if err := st.settle(ctx, []int64{sp.ID}); err != nil {
		return err
	}
	if err := st.takeOver(ctx, sp.ID); err != nil {
		return err
	}
	ops, err := st.unfinished(ctx, []int64{sp.ID})
	if err != nil {
		return err
	}
	if op, ok := ops[sp.ID]; ok {
		return ErrOperationRunning.With(map[string]any{"operation": op.ID, "kind": op.Kind})
	}
	return nil
}

// enqueue records an operation and queues its job in one transaction.
func (s *Service) enqueue(ctx context.Context, sp *tenancy.Space, kind string, args any) (Operation, error) {
	var requestedBy *int64
	if who := policy.PrincipalFrom(ctx); !who.Anonymous() {
		requestedBy = &who.UserID
	}
	st := s.store()
	var id int64
	err := s.DB.ControlTx(ctx, func(tx pgx.Tx) error {
		var err error
		if id, err = st.insert(ctx, tx, sp.ID, kind, args, requestedBy); err != nil {
			return err
		}
		res, err := s.Jobs.InsertTx(ctx, tx, OperationArgs{Operation: id}, nil)
		if err != nil {
			return fmt.Errorf("controlplane: unable to queue the operation: %w", err)
		}
		return st.setJob(ctx, tx, id, res.Job.ID)
	})
	if errors.Is(err, errUnfinished) {
		return Operation{}, ErrOperationRunning
	}
	if err != nil {
		return Operation{}, err
	}
	o, err := st.get(ctx, id)
	return o.Operation, err
}

// Operation returns an operation, settled first if nothing will finish it.
func (s *Service) Operation(ctx context.Context, id int64) (Operation, error) {
	st := s.store()
	o, err := st.get(ctx, id)
	if err != nil {
		return Operation{}, err
	}
	if !o.Finished() {
		if err := st.settle(ctx, []int64{o.SpaceID}); err != nil {
			return Operation{}, err
		}
		o, err = st.get(ctx, id)
	}
	return o.Operation, err
}

// pollEvery is how often Wait looks at the operation.
const pollEvery = 100 * time.Millisecond

// Wait waits until an operation is done or failed, telling changed reports whenever its step
// changes, and returns it as it ended.
func (s *Service) Wait(ctx context.Context, id int64, changed func(Operation)) (Operation, error) {
	var last string
	for {
		o, err := s.Operation(ctx, id)
		if err != nil {
			return o, err
		}
		seen, _ := json.Marshal([]any{o.State, o.Step, o.StepParams})
		if string(seen) != last {
			last = string(seen)
			changed(o)
		}
		if o.Finished() {
			return o, nil
		}
		select {
		case <-ctx.Done():
			return o, ctx.Err()
		case <-time.After(pollEvery):
		}
	}
}
