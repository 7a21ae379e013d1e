import { useTranslation } from 'react-i18next';
import type { Approval as ValidationApproval } from '@/lib/api-types.gen';
import { formatDateTime } from '@/lib/dates';

interface ApprovalProgressProps {
  approvals: readonly ValidationApproval[];
  requiredApprovals: number;
}

/** "1 von 2 Freigaben" and who approved when, for a request that needs more than one approval. */
export function ApprovalProgress({ approvals, requiredApprovals }: ApprovalProgressProps) {
  const { t, i18n } = useTranslation();
  if (requiredApprovals < 2 && approvals.length < 2) return null;
  return (
    <div className="approval-progress" data-approvals={approvals.length}>
      <p className="approval-progress__count">{t('validations.approvals.progress', { given: approvals.length, required: requiredApprovals })}</p>
      {approvals.length > 0 && (
        <ul className="approval-progress__list">
          {approvals.map((a) => (
            <li key={a.validatorId}>
              {t('validations.approvals.by', { name: a.name || t('validations.approvals.someone'), date: formatDateTime(a.at, i18n.language) })}
              {a.comment && <blockquote className="notice__quote">{a.comment}</blockquote>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
