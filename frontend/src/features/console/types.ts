/**
 * The control-plane console's calls (admin/query/consoleSpaces and its siblings): the generated
 * types, with the fields the server fills from a fixed set narrowed to that set.
 */
import type {
  ConsoleSpace as GeneratedConsoleSpace,
  ConsoleSpaceList as GeneratedConsoleSpaceList,
  ConsoleSpacesRequest as GeneratedConsoleSpacesRequest,
  MoveSpaceRequest as GeneratedMoveSpaceRequest,
  Operation as GeneratedSpaceOperation,
} from '@/lib/api-types.gen';

export type { ClusterInfo as Cluster, ClusterList } from '@/lib/api-types.gen';
export type { Status as SpaceCertificate } from '@/lib/api-types.gen';

export type SpaceStatus = 'provisioning' | 'restoring' | 'active' | 'suspended' | 'moving' | 'deleting';
export const SPACE_STATUSES: readonly SpaceStatus[] = ['provisioning', 'restoring', 'active', 'suspended', 'moving', 'deleting'];

/** Where a space lives on its cluster: a schema of the shared database, or a database of its own. */
export type Placement = 'schema' | 'database';
export const PLACEMENTS: readonly Placement[] = ['schema', 'database'];

export type OperationKind = 'move' | 'migrate';
export type OperationState = 'queued' | 'running' | 'done' | 'failed';

/** A long operation on a space (a move or a migration), run as a job; step is a message key. */
export type SpaceOperation = Omit<GeneratedSpaceOperation, 'kind' | 'state'> & { kind: OperationKind; state: OperationState };

export type ConsoleSpace = Omit<GeneratedConsoleSpace, 'status' | 'placement' | 'operation'> & {
  status: SpaceStatus;
  placement: Placement;
  operation?: SpaceOperation | null;
};

export type ConsoleSpaceList = Omit<GeneratedConsoleSpaceList, 'spaces'> & { spaces: ConsoleSpace[] };

export type ConsoleSpacesRequest = Omit<GeneratedConsoleSpacesRequest, 'status'> & { status?: SpaceStatus };

export type MoveSpaceRequest = Omit<GeneratedMoveSpaceRequest, 'placement'> & { placement: Placement };

/** Whether an operation still runs (and is worth asking about again). */
export const isUnfinished = (op: SpaceOperation | null | undefined): op is SpaceOperation => !!op && (op.state === 'queued' || op.state === 'running');

/** The cluster every installation has (the embedded one in development). */
export const DEFAULT_CLUSTER = 'default';
