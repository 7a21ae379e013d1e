/**
 * State labels of a guideline language (spec §4) as the server derives them, and how the UI
 * shows them: one chip per state, coloured by what it means for the people involved.
 */

export const GUIDELINE_STATES = [
  'created',
  'edited',
  'submitted',
  'inValidation',
  'accepted',
  'rejected',
  'expiring',
  'expired',
  'archived',
  'neverPublished',
  'notVisible',
  'online',
  'offline',
] as const;

export type GuidelineState = (typeof GUIDELINE_STATES)[number];

/** success = fine for readers, info = in progress, warning = needs attention soon, danger = needs action, muted = neutral fact. */
export type StateTone = 'success' | 'info' | 'warning' | 'danger' | 'muted';

const TONES: Record<GuidelineState, StateTone> = {
  created: 'muted',
  edited: 'info',
  submitted: 'info',
  inValidation: 'info',
  accepted: 'success',
  rejected: 'danger',
  expiring: 'warning',
  expired: 'danger',
  archived: 'muted',
  neverPublished: 'muted',
  notVisible: 'warning',
  online: 'success',
  offline: 'muted',
};

export const isGuidelineState = (value: string): value is GuidelineState => (GUIDELINE_STATES as readonly string[]).includes(value);

/** Tone of a state; a label the UI does not know yet is shown neutral. */
export const stateTone = (state: string): StateTone => (isGuidelineState(state) ? TONES[state] : 'muted');

/** Translation key of a state's label. */
export const stateLabelKey = (state: string): string => `states.${state}`;

/** States that ask the authors to act: the dashboard lists these and the menu counts them. */
export const ACTION_STATES: readonly GuidelineState[] = ['rejected', 'expiring', 'expired'];

export const needsAction = (states: readonly string[]): boolean => states.some((s) => (ACTION_STATES as readonly string[]).includes(s));

export interface StateChip {
  state: string;
  tone: StateTone;
  labelKey: string;
}

/** Chips for a row, in the order of GUIDELINE_STATES (workflow first, then validity and visibility), without duplicates. */
export function stateChips(states: readonly string[]): StateChip[] {
  const order = (s: string) => (isGuidelineState(s) ? GUIDELINE_STATES.indexOf(s) : GUIDELINE_STATES.length);
  return [...new Set(states)].sort((a, b) => order(a) - order(b)).map((state) => ({ state, tone: stateTone(state), labelKey: stateLabelKey(state) }));
}
