import { describe, expect, it } from 'vitest';
import { junitXml, xmlEscape } from './junit';
import type { CaseResult } from './run-suite';

const result = (name: string, passed: boolean, message = ''): CaseResult => ({
  suite: 'a&b.suite.json',
  name,
  passed,
  passedRuns: passed ? 1 : 0,
  runs: 1,
  threshold: 1,
  durationMs: 1234,
  attempts: [
    { passed, durationMs: 1234, events: [], assertions: [{ ok: passed, label: 'answer_contains "x"', message }] },
  ],
});

describe('junitXml', () => {
  it('escapes the five XML specials and drops characters XML forbids', () => {
    expect(xmlEscape(`<a href="x">'&'</a>\u0000\u001b ok\t\n`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt; ok\t\n',
    );
  });

  it('writes testsuites > testsuite > testcase, a failure with its message for failed cases, times in seconds', () => {
    const xml = junitXml([result('ok <1>', true), result('bad "2"', false, 'the answer "y" </failure> \u0007')]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="persona-studio test" tests="2" failures="1" time="2.468">',
        '  <testsuite name="a&amp;b.suite.json" tests="2" failures="1" errors="0" skipped="0" time="2.468">',
        '    <testcase classname="a&amp;b.suite.json" name="ok &lt;1&gt;" time="1.234"/>',
        '    <testcase classname="a&amp;b.suite.json" name="bad &quot;2&quot;" time="1.234">',
        '      <failure message="0/1 runs passed; answer_contains &quot;x&quot;: the answer &quot;y&quot; &lt;/failure&gt; " type="assertion">answer_contains &quot;x&quot;: the answer &quot;y&quot; &lt;/failure&gt; </failure>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });
});
