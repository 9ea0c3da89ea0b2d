import { describe, expect, it } from 'vitest';
import { approvalFor, runsPrograms, writesFiles } from './approval';

describe('approval defaults of the OVOS toolboxes', () => {
  it("ovos-shell-tools runs programs: every tool asks unless the persona says 'auto'", () => {
    expect(runsPrograms('ovos-shell-tools', {})).toBe(true);
    expect(runsPrograms('ovos-shell-tools:ops', { allow_shell: true })).toBe(true);
    expect(approvalFor({}, 'ovos-shell-tools', 'run_command', {})).toBe('ask');
    const auto = { persona_studio: { approval: { 'ovos-shell-tools': { mode: 'auto' } } } };
    expect(approvalFor(auto, 'ovos-shell-tools', 'run_command', {})).toBe('auto');
  });

  it('ovos-filesystem-tools asks before write_file only; the persona can override per tool', () => {
    expect(writesFiles('ovos-filesystem-tools', 'write_file')).toBe(true);
    expect(approvalFor({}, 'ovos-filesystem-tools', 'write_file', {})).toBe('ask');
    expect(approvalFor({}, 'ovos-filesystem-tools:docs', 'write_file', {})).toBe('ask');
    for (const tool of ['read_file', 'list_directory', 'search_in_files', 'find_files'])
      expect(approvalFor({}, 'ovos-filesystem-tools', tool, {})).toBe('auto');
    const override = { persona_studio: { approval: { 'ovos-filesystem-tools': { tools: { write_file: 'auto' } } } } };
    expect(approvalFor(override, 'ovos-filesystem-tools', 'write_file', {})).toBe('auto');
    expect(approvalFor({}, 'ovos-web-search-tools', 'web_search', {})).toBe('auto');
  });
});
