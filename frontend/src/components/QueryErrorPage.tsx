import { errorStatus } from '../lib/api';
import { ErrorPage } from './ErrorPage';
import { NotFoundPage } from './NotFoundPage';

/** Failed page query: 404 → not found, otherwise the error page by status (403 → not authorised). */
export function QueryErrorPage({ error }: { error: Error }) {
  const status = errorStatus(error);
  if (status === 404) return <NotFoundPage />;
  return <ErrorPage status={status} message={error.message} />;
}
