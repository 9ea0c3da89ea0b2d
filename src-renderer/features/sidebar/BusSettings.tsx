import { useState } from 'react';
import { DEFAULT_BUS_URL } from '../../../shared/bus/message';
import { useApp } from '../../store/context';

const WS_URL = /^wss?:\/\/[^\s]+$/;

/**
 * The OVOS bus link (off by default): with a URL, the app's toolboxes answer `ovos.persona.tools.discover`
 * and `.call` from OVOS agents, and bus toolboxes without a URL of their own list that bus's tools.
 */
export function BusSettings() {
  const settings = useApp((s) => s.settings);
  const status = useApp((s) => s.busStatus);
  const loadBusStatus = useApp((s) => s.loadBusStatus);
  const saveBusUrl = useApp((s) => s.saveBusUrl);
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);

  const toggle = () => {
    if (!open) {
      setUrl(settings?.busUrl ?? DEFAULT_BUS_URL);
      void loadBusStatus();
    }
    setOpen(!open);
  };

  const valid = WS_URL.test(url.trim());
  const apply = async (next: string | null) => {
    setBusy(true);
    await saveBusUrl(next);
    setBusy(false);
  };
  const label = !settings?.busUrl ? 'OVOS bus: off' : status?.connected ? 'OVOS bus: on' : 'OVOS bus: not connected';

  return (
    <div className="bus-settings">
      <button type="button" className="ghost small" data-testid="bus-toggle" aria-expanded={open} onClick={toggle}>
        {label}
      </button>
      {open && (
        <div className="bus-panel card" role="group" aria-label="OVOS messagebus">
          <label htmlFor="bus-url" className="small">
            OVOS messagebus URL
          </label>
          <input
            id="bus-url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && valid) void apply(url.trim());
              if (e.key === 'Escape') setOpen(false);
            }}
          />
          {!valid && <div className="field-error small">A ws:// or wss:// address, e.g. {DEFAULT_BUS_URL}.</div>}
          <div className="bus-actions">
            <button
              type="button"
              data-testid="bus-connect"
              disabled={!valid || busy}
              onClick={() => void apply(url.trim())}
            >
              {busy ? 'Connecting…' : settings?.busUrl ? 'Reconnect' : 'Connect'}
            </button>
            {settings?.busUrl && (
              <button
                type="button"
                className="link"
                data-testid="bus-off"
                disabled={busy}
                onClick={() => void apply(null)}
              >
                Turn off
              </button>
            )}
          </div>
          <p className="small muted" data-testid="bus-status">
            {!status?.url && 'Off. When on, OVOS agents on that bus can discover and call this app’s toolboxes.'}
            {status?.url &&
              status.connected &&
              `Connected to ${status.url}: ${status.toolboxes} toolboxes answer OVOS agents there.`}
            {status?.url &&
              !status.connected &&
              `Not connected: ${status.error ?? 'no answer yet'}. Start an OVOS bus there (or \`persona-studio bus\`) and press Reconnect.`}
          </p>
        </div>
      )}
    </div>
  );
}
