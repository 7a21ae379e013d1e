import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';
import { spaceUrl } from '@/lib/host';
import { formatBytes, formatCount } from '../format';
import type { ConsoleSpace, SpaceCertificate, SpaceOperation, SpaceStatus } from '../types';
import { OperationProgress } from './OperationProgress';
import { allowedActions, SpaceActionsMenu, type SpaceAction } from './SpaceActionsMenu';

const STATUS_CHIPS: Record<SpaceStatus, string> = {
  active: 'chip',
  provisioning: 'chip chip--muted',
  restoring: 'chip chip--muted',
  moving: 'chip chip--muted',
  suspended: 'chip chip--warning',
  deleting: 'chip chip--danger',
};

/** A dash for a figure the server does not know, said as "unknown" to screen readers. */
function Unknown() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">{t('console.unknown')}</span>
    </>
  );
}

/** The HTTPS certificate of the space's host: names, issuer, expiry and the last failure; nothing when the server obtains none. */
function Certificate({ certificate }: { certificate: SpaceCertificate | null }) {
  const { t, i18n } = useTranslation();
  if (!certificate) return <Unknown />;
  return (
    <>
      {certificate.notAfter ? (
        <>
          <span className="mono">{certificate.names.join(', ')}</span>
          <br />
          {t('console.certificate.issuer', { issuer: certificate.issuer })}, {t('console.certificate.validUntil', { date: formatDateTime(certificate.notAfter, i18n.language) })}
        </>
      ) : (
        t('console.certificate.none')
      )}
      {certificate.error && (
        <>
          <br />
          <span className="chip chip--danger">{t('console.certificate.error', { error: certificate.error })}</span>
        </>
      )}
    </>
  );
}

interface SpaceRowProps {
  space: ConsoleSpace;
  latestSchemaVersion: number;
  /** an operation started here that the list may not carry yet */
  operation: SpaceOperation | null;
  onAction: (action: SpaceAction, space: ConsoleSpace) => void;
  onOperationFinished: (operation: SpaceOperation, space: ConsoleSpace) => void;
}

/** One space of the console's table; on phones the row is a card whose cells name themselves. */
export function SpaceRow({ space, latestSchemaVersion, operation, onAction, onOperationFinished }: SpaceRowProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const outdated = space.schemaVersion < latestSchemaVersion;
  const op = operation ?? space.operation ?? null;
  const actions = allowedActions(space, latestSchemaVersion);

  return (
    <tr className="console-row" data-subdomain={space.subdomain} data-status={space.status}>
      <th scope="row" className="console-row__space">
        <a className="console-row__title" href={spaceUrl(space.subdomain)}>
          {space.title}
        </a>
        <span className="console-row__subdomain mono">{space.subdomain}</span>
      </th>
      <td data-label={t('console.columns.status')}>
        <span className={STATUS_CHIPS[space.status]}>{t(`console.status.${space.status}`)}</span>
        {op && <OperationProgress key={op.id} operation={op} title={space.title} onFinished={(finished) => onOperationFinished(finished, space)} />}
      </td>
      <td data-label={t('console.columns.placement')} className="console-row__placement">
        <span className="mono">{space.cluster}</span> · {t(`console.placement.${space.placement}Short`)}
      </td>
      <td data-label={t('console.columns.schema')}>
        <span className="console-row__schema">
          {space.schemaVersion}
          {outdated && <span className="chip chip--warning">{t('console.outdated', { latest: latestSchemaVersion })}</span>}
        </span>
      </td>
      <td data-label={t('console.columns.size')} className="console-row__size">
        {space.rows == null ? <Unknown /> : t('console.rows', { rows: formatCount(space.rows, lang) })}
        <br />
        {space.bytes == null ? <Unknown /> : formatBytes(space.bytes, lang)}
      </td>
      <td data-label={t('console.columns.members')} className="console-row__number">
        {formatCount(space.members, lang)}
      </td>
      <td data-label={t('console.columns.lastActivity')} className="console-row__date">{space.lastActivity ? formatDateTime(space.lastActivity, lang) : <Unknown />}</td>
      <td data-label={t('console.columns.certificate')} className="console-row__certificate">
        <Certificate certificate={space.certificate ?? null} />
      </td>
      <td className="console-row__actions">
        {actions.length > 0 && <SpaceActionsMenu space={space} actions={actions} onAction={onAction} />}
      </td>
    </tr>
  );
}
