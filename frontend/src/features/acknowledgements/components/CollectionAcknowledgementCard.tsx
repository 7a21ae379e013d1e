import { useTranslation } from 'react-i18next';
import { Loader } from '@/components/Loader';
import { apiErrorText } from '@/lib/apiErrors';
import { useCollectionAcknowledgement } from '../api/getCollectionAcknowledgement';
import { useRequireAcknowledgement } from '../api/requireAcknowledgement';
import { chosenBody, RequirementEditor } from './RequirementEditor';
import '../acknowledgements.css';

/** The collection admin's switch requiring acknowledgement of every guideline of a collection, those added later too. */
export function CollectionAcknowledgementCard({ collection }: { collection: number }) {
  const { t } = useTranslation();
  const requirement = useCollectionAcknowledgement(collection);
  const require = useRequireAcknowledgement();
  const error = requirement.error ?? require.error;

  return (
    <section className="card" aria-labelledby="collection-ack-heading">
      <h2 id="collection-ack-heading" className="card__title">
        {t('acknowledgements.requirement')}
      </h2>
      {requirement.isPending && <Loader />}
      {requirement.data && (
        <RequirementEditor
          required={requirement.data.required}
          everyone={requirement.data.everyone}
          members={requirement.data.members.map((m) => m.userId)}
          roles={requirement.data.roles}
          names={new Map(requirement.data.members.map((m) => [m.userId, m.name || m.email]))}
          switchLabel={t('acknowledgements.collectionSwitch')}
          onSave={(required, chosen) => require.mutate({ collection, ...chosenBody(required, chosen) })}
        />
      )}
      {requirement.data?.required && <p className="field__hint ack-hint">{t('acknowledgements.collectionHint')}</p>}
      {error && (
        <p className="field__error" role="alert">
          {apiErrorText(error, t)}
        </p>
      )}
    </section>
  );
}
