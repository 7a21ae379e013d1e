import { ApprovalProgress } from '@/components/ApprovalProgress';
import type { Language as GuidelineLanguage } from '@/lib/api-types.gen';
import { useSubmitData } from '../api/getSubmitData';
import { useValidation } from '../api/getValidation';

/** How far the open request of the language in view has come when its collection requires several approvals (authors only). */
export function OpenRequestApprovals({ guidelineId, language }: { guidelineId: number; language: GuidelineLanguage }) {
  const data = useSubmitData(guidelineId, language.latestVersion, !language.states.includes('archived'));
  const request = useValidation(guidelineId, data.data?.isAlreadySubmitted ? data.data.openRevision : null);
  if (!request.data) return null;
  return <ApprovalProgress approvals={request.data.approvals} requiredApprovals={request.data.requiredApprovals} />;
}
