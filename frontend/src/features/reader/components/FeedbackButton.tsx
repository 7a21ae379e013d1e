import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/FormDialog';
import { Icon } from '@/components/Icon';
import { TextField } from '@/components/TextField';
import { showSnackbar } from '@/lib/snackbar';
import { useSendFeedback } from '@/lib/endpoints/sendFeedback';
import { MAX_SUBJECT, subjectError } from '@/lib/feedbackText';
import { MessageBox } from '@/components/MessageBox';

/** "Message to the authors" on the guideline page for signed-in readers: a dialog that writes to the authors of this language. */
export function FeedbackButton({ guideline, language, title }: { guideline: number; language: string; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const send = useSendFeedback();
  const subjectKey = subjectError(subject);

  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setSubject('');
      send.reset();
    }
  };

  return (
    <>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setOpen(true)}>
        <Icon name="message" size={16} />
        {t('feedback.write')}
      </button>
      <FormDialog open={open} onOpenChange={handleOpenChange} title={t('feedback.dialogTitle')} description={t('feedback.dialogLead', { title })}>
        <TextField
          label={t('feedback.subject')}
          value={subject}
          maxLength={MAX_SUBJECT + 50}
          error={subjectKey ? t(subjectKey) : undefined}
          onChange={(e) => setSubject(e.target.value)}
        />
        <MessageBox
          label={t('feedback.text')}
          sendLabel={t('feedback.send')}
          pending={send.isPending}
          serverError={send.error}
          onSend={(text, done) => {
            if (subjectKey) return;
            send.mutate(
              { guideline, language, text, subject: subject.trim() || undefined },
              {
                onSuccess: () => {
                  done();
                  handleOpenChange(false);
                  showSnackbar(t('feedback.sent'));
                },
              },
            );
          }}
        />
      </FormDialog>
    </>
  );
}
