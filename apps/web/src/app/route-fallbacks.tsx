import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ProgressBar } from '@/components/ui/progress-bar';

/** Shown while a lazily loaded page arrives on the first load. */
export function PageLoader() {
  return <ProgressBar label="Loading" placement="top" />;
}

/** The last-resort error screen of a route (e.g. a page chunk that failed to download after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="error-page">
      <h1>Something went wrong</h1>
      {detail ? <p className="error-page__detail">{detail}</p> : null}
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </main>
  );
}
