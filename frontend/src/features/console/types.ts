/**
 * The control-plane console's calls (admin/query/consoleSpaces and its siblings), typed by hand
 * until the generated api-types gain them.
 */

export type SpaceStatus = 'provisioning' | 'active' | 'suspended' | 'moving' | 'deleting';
export const SPACE_STATUSES: readonly SpaceStatus[] = ['provisioning', 'active', 'suspended', 'moving', 'deleting'];

/** Where a space lives on its cluster: a schema of the shared database, or a database of its own. */
export type Placement = 'schema' | 'database';
export const PLACEMENTS: readonly Placement[] = ['schema', 'database'];

export interface ApiErrorBody {
  message: string;
  params: Record<string, unknown>;
}

export type OperationKind = 'move' | 'migrate';
export type OperationState = 'queued' | 'running' | 'done' | 'failed';

/** A long operation on a space (a move or a migration), run as a job. */
export interface SpaceOperation {
  id: number;
  spaceId: number;
  kind: OperationKind;
  state: OperationState;
  /** message key such as operation.step.copying */
  step: string;
  stepParams: Record<string, unknown>;
  /** 0..1 */
  progress: number;
  error: ApiErrorBody | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface ConsoleSpace {
  id: number;
  subdomain: string;
  title: string;
  status: SpaceStatus;
  cluster: string;
  placement: Placement;
  schemaVersion: number;
  rows: number | null;
  bytes: number | null;
  members: number;
  lastActivity: string | null;
  operation: SpaceOperation | null;
}

export interface ConsoleSpacesRequest {
  query?: string;
  status?: SpaceStatus;
  cluster?: string;
  from?: number;
  size?: number;
}

export interface ConsoleSpaceList {
  spaces: ConsoleSpace[];
  total: number;
  latestSchemaVersion: number;
}

export interface Cluster {
  name: string;
  spaces: number;
  reachable: boolean;
}

export interface ClusterList {
  clusters: Cluster[];
}

export interface MoveSpaceRequest {
  id: number;
  cluster: string;
  placement: Placement;
}

/** Whether an operation still runs (and is worth asking about again). */
export const isUnfinished = (op: SpaceOperation | null | undefined): op is SpaceOperation => !!op && (op.state === 'queued' || op.state === 'running');

/** The cluster every installation has (the embedded one in development). */
export const DEFAULT_CLUSTER = 'default';
