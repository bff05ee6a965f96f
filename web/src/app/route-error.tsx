import { Link, useRouteError } from 'react-router';

/** Last-resort screen for a route that threw (e.g. a chunk that failed to load after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-stone-600">Please reload the page. If it keeps happening, contact us.</p>
      <div className="flex gap-3">
        <button type="button" onClick={() => window.location.reload()} className="rounded-full bg-stone-900 px-5 py-2 text-white">
          Reload
        </button>
        <Link to="/" className="rounded-full border border-stone-900 px-5 py-2">
          Home
        </Link>
      </div>
    </div>
  );
}
