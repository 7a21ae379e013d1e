import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';

/** Text for a failed editor call: uploads, documents, saving versions and templates. */
export function editorErrorText(error: unknown, t: TFunction): string | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    switch (error.message) {
      case 'media.unsupportedType':
        return t('editor.errors.unsupportedType');
      case 'media.tooLarge':
        return t('editor.errors.tooLarge');
      case 'guideline.archived':
        return t('editor.errors.archived');
      case 'guideline.unknownDetail':
      case 'guideline.duplicateDetail':
        return t('editor.errors.unknownDetail');
      case 'guideline.invalidReference':
        return t('editor.errors.invalidReference');
      case 'template.notFound':
        return t('template.notFound');
      case 'request.bodyTooLarge':
        return t('editor.errors.tooLong');
    }
    // the server's field rules (validation.tooMany …), some with texts of the editor's own
    const rule = error.message.startsWith('validation.') ? error.message.slice('validation.'.length) : '';
    if (rule === 'tooMany') return t('editor.errors.tooMany', { max: error.params.max ?? '' });
    if (rule === 'tooLong') return t('editor.errors.tooLong');
    if (error.status === 403) return t('editor.errors.forbidden');
    if (error.status === 0) return t('editor.errors.offline');
  }
  return apiErrorText(error, t);
}
