import { useState } from 'react';

/** Opens a suite file by its path on this machine (it is then listed with the persona's suites). */
export function OpenSuite({ onOpen }: { onOpen(path: string): Promise<boolean> }) {
  const [path, setPath] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="open-suite"
      onSubmit={(e) => {
        e.preventDefault();
        if (!path.trim()) return;
        setBusy(true);
        void onOpen(path.trim()).then((ok) => {
          setBusy(false);
          if (ok) setPath('');
        });
      }}
    >
      <label htmlFor="open-suite-path" className="small muted">
        Suite file
      </label>
      <input
        id="open-suite-path"
        data-testid="open-suite-path"
        placeholder="/path/to/name.suite.json"
        value={path}
        onChange={(e) => setPath(e.target.value)}
      />
      <button className="small" type="submit" disabled={busy || !path.trim()}>
        Open suite
      </button>
    </form>
  );
}
