import { useApp } from '../../store/context';
import { JsonFileButton } from '../../components/JsonFileButton';

/**
 * "Open bundle…": reads a run bundle file; main validates it and adds its persona (nothing approved, so nothing it
 * names starts) and its trace as a read-only session, which opens in Chat.
 */
export function OpenBundleButton() {
  const openBundle = useApp((s) => s.openBundle);
  return (
    <JsonFileButton
      label="Open bundle…"
      testId="open-bundle"
      inputTestId="open-bundle-file"
      onFile={async (file) => openBundle(await file.text(), file.name)}
    />
  );
}
