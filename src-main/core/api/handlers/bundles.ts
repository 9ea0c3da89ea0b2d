import { bundleOfSession, exportSessionBundle, openBundle, rerunBundleSession } from '../../app/run-bundles';
import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';

type BundleMethods = 'bundles.export' | 'bundles.open' | 'bundles.ofSession' | 'bundles.rerunOffline';

/** Run bundles: export a session as one file, open one (nothing runs), re-run an opened one offline. */
export function bundleHandlers(app: AppContext): Pick<Handlers, BundleMethods> {
  return {
    'bundles.export': async ({ sessionId }) => {
      const { bundle, secretsRemoved } = await exportSessionBundle(app, sessionId);
      return { text: `${JSON.stringify(bundle, null, 2)}\n`, fileName: `${sessionId}.bundle.json`, secretsRemoved };
    },
    'bundles.open': async ({ text, fileName }) => {
      const { personaId, sessionId } = await openBundle(app, text, fileName);
      // Nothing starts here: the programs its persona names are listed for the user to approve (or not).
      return { personaId, sessionId, programs: await app.programsOf(personaId) };
    },
    'bundles.ofSession': async ({ sessionId }) => {
      const bundle = await bundleOfSession(app, sessionId);
      return {
        bundle: bundle && {
          title: bundle.session.title,
          exportedAt: bundle.exportedAt,
          tools: bundle.tools.length,
          personaVersion: bundle.persona.version,
        },
      };
    },
    'bundles.rerunOffline': ({ sessionId }) => rerunBundleSession(app, sessionId),
  };
}
