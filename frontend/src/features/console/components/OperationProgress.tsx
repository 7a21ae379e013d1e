import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpaceOperation } from '../api/getSpaceOperation';
import { percent } from '../format';
import { isUnfinished, type SpaceOperation } from '../types';
import { operationErrorText } from '../operationText';

interface OperationProgressProps {
  /** the operation as the space list or the start of it gave it */
  operation: SpaceOperation;
  title: string;
  /** once, when an operation seen running has ended (done or failed) */
  onFinished: (operation: SpaceOperation) => void;
}

/** A running move or migration of a space: its step and a progress bar, asked about every second. */
export function OperationProgress({ operation, title, onFinished }: OperationProgressProps) {
  const { t } = useTranslation();
  const polled = useSpaceOperation(operation.id);
  const op = polled.data ?? operation;
  const seenRunning = useRef(isUnfinished(operation));

  useEffect(() => {
    if (isUnfinished(op)) {
      seenRunning.current = true;
      return;
    }
    if (!seenRunning.current) return;
    seenRunning.current = false;
    onFinished(op);
  }, [op, onFinished]);

  const kind = t(`console.operation.${op.kind}`);
  if (op.state === 'failed') {
    return (
      <p className="operation operation--failed">
        {t('console.operation.failed', { kind, error: operationErrorText(op, t) })}
      </p>
    );
  }
  if (!isUnfinished(op)) return null;
  const value = percent(op.progress);
  const step =
    op.state === 'queued' ? t('console.operation.queued') : op.step ? t(op.step, { ...op.stepParams, defaultValue: t('console.operation.running') }) : t('console.operation.running');
  return (
    <div className="operation">
      <progress className="operation__bar" max={100} value={value} aria-label={t('console.operation.progress', { kind, title })}>
        {value}%
      </progress>
      <span className="operation__step">
        {kind}: {step} · {value}%
      </span>
    </div>
  );
}
