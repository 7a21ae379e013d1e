import type { TFunction } from 'i18next';
import type { SpaceOperation } from './types';

/** Why an operation failed, translated from its error key and params. */
export function operationErrorText(op: SpaceOperation, t: TFunction): string {
  if (!op.error) return t('error.somethingWrong');
  return t(op.error.message, { ...op.error.params, defaultValue: t('error.somethingWrong') });
}
