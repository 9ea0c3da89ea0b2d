import { useState } from 'react';
import { useApp } from '../../store/context';
import { ErrorNotice } from '../../components/ErrorNotice';
import { BasicsSection } from './BasicsSection';
import { BrainSection } from './BrainSection';
import { EditorToolbar } from './EditorToolbar';
import { EngineSection } from './EngineSection';
import { ToolboxesSection } from './ToolboxesSection';
import { PersonaJsonPanel } from './PersonaJsonPanel';
import { fieldForIssue, focusIssue } from './field-for-issue';

/** The persona editor: every setting of the OVOS persona file, and the file itself one click away. */
export function PersonaEditor() {
  const draft = useApp((s) => s.draft);
  const saveError = useApp((s) => s.saveError);
  const record = useApp((s) => s.record);
  const [showJson, setShowJson] = useState(false);
  if (!draft) return null;
  return (
    <div className={showJson ? 'editor with-json' : 'editor'} data-testid="persona-editor">
      <div className="editor-main">
        <EditorToolbar showJson={showJson} onToggleJson={() => setShowJson((v) => !v)} />
        {saveError && (
          <ErrorNotice
            error={saveError}
            testId="save-error"
            onIssue={(i) => (fieldForIssue(draft, i) ? () => void focusIssue(draft, i) : null)}
          />
        )}
        <BasicsSection />
        <BrainSection />
        <EngineSection />
        <ToolboxesSection />
        {record && <p className="small muted">File: {record.path}</p>}
      </div>
      {showJson && <PersonaJsonPanel draft={draft} />}
    </div>
  );
}
