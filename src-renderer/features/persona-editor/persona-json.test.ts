import { describe, expect, it } from 'vitest';
import { newPersona, patchBrain } from '../../lib/persona-model';
import { applyPersonaJson, KEY_MASK, MAX_JSON_CHARS, personaJsonText } from './persona-json';

describe('applyPersonaJson (the Edit JSON text back into the draft)', () => {
  it('takes a valid persona file, unknown blocks included, and keeps a masked key as the draft had it', () => {
    const draft = patchBrain(newPersona('Calc'), { api_key: 'sk-secret' });
    const text = personaJsonText(draft);
    expect(text).toContain(KEY_MASK);
    expect(text).not.toContain('sk-secret');
    const edited = JSON.parse(text);
    edited.name = 'Calc 2';
    edited['weather-tools'] = { city: 'Porto' };
    const result = applyPersonaJson(JSON.stringify(edited, null, 2), draft);
    if (!result.ok) throw new Error(result.message);
    expect(result.draft.name).toBe('Calc 2');
    expect(result.draft['weather-tools']).toEqual({ city: 'Porto' });
    expect(JSON.stringify(result.draft)).toContain('sk-secret');
    expect(JSON.stringify(result.draft)).not.toContain(KEY_MASK);
  });

  it('says where the JSON breaks (line and column), and what is not a persona file', () => {
    const draft = newPersona('Calc');
    const broken = applyPersonaJson('{\n  "name": "Calc",\n  bad\n}', draft);
    expect(broken).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Not valid JSON: .*\(line 3 column 3\)$/),
    });
    expect(applyPersonaJson('[1, 2]', draft)).toEqual({
      ok: false,
      message: 'A persona file is one JSON object ({ … }).',
    });
    expect(applyPersonaJson('{"name": "", "handlers": []}', draft)).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^Not a valid persona file: name: A persona needs a name\.; handlers: personas must have at least 1 utterance handler/,
      ),
    });
  });

  it('refuses what is too large or too deep', () => {
    const draft = newPersona('Calc');
    expect(applyPersonaJson(' '.repeat(MAX_JSON_CHARS + 1), draft)).toMatchObject({ ok: false });
    const deep = `{"name":"x","handlers":["h"],"a":${'['.repeat(100)}${']'.repeat(100)}}`;
    expect(applyPersonaJson(deep, draft)).toEqual({ ok: false, message: 'The JSON nests deeper than 64 levels.' });
  });
});
