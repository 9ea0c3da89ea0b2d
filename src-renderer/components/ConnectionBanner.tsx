import { useApp } from '../store/context';

/** Says plainly when main cannot be reached, and what happens next. */
export function ConnectionBanner() {
  const connection = useApp((s) => s.connection);
  if (connection !== 'lost') return null;
  return (
    <div className="banner lost" role="alert" data-testid="connection-lost">
      <strong>Lost the connection to Persona Studio.</strong>
      <span className="grow muted">Nothing you typed is lost. Is the app (or `persona-studio serve`) still running? Reload this page once it is.</span>
      <button className="small" onClick={() => location.reload()}>
        Reload
      </button>
    </div>
  );
}
