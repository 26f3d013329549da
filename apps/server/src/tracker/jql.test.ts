import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JqlError, parseJql } from './demo/jql-parser.ts';
import { jqlString, storiesJql } from './jql.ts';

// Strings made mostly of the characters that could end a JQL string or start a new clause.
const hostile = fc.string({
  unit: fc.constantFrom(
    '"',
    '\\',
    "'",
    ' ',
    'A',
    'n',
    '\n',
    '\r',
    '\t',
    '(',
    ')',
    ',',
    '=',
    '!',
    'u',
    '0',
    'é',
    '🙂',
  ),
  maxLength: 30,
});
const anyText = fc.oneof(hostile, fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ maxLength: 30 }));

describe('jqlString', () => {
  it('quotes and escapes backslash, double quote and control characters', () => {
    expect(jqlString('DEMO')).toBe('"DEMO"');
    expect(jqlString('a"b')).toBe('"a\\"b"');
    expect(jqlString('a\\b')).toBe('"a\\\\b"');
    expect(jqlString('\\"')).toBe('"\\\\\\""');
    expect(jqlString('a\nb\tc\rd')).toBe('"a\\nb\\tc\\rd"');
    // Ordinary punctuation is not escaped (Jira refuses needless escapes such as \.).
    expect(jqlString('4.3 - EAP')).toBe('"4.3 - EAP"');
  });

  it('a reserved word as a project key is quoted', () => {
    expect(storiesJql({ project: 'DO', states: ['Done'] }, ['Story'])).toBe(
      'project = "DO" AND status = "Done" AND issuetype in ("Story") ORDER BY key ASC',
    );
  });

  it('an injection attempt stays inside its string', () => {
    const jql = storiesJql({ project: 'X" OR project = "SECRET', states: ['Done'] }, ['Story']);
    expect(parseJql(jql).clauses).toEqual([
      { field: 'project', negated: false, values: ['X" OR project = "SECRET'] },
      { field: 'status', negated: false, values: ['Done'] },
      { field: 'issuetype', negated: false, values: ['Story'] },
    ]);
  });

  it('property: any key, status and issue types come back exactly, as three clauses', () => {
    fc.assert(
      fc.property(
        anyText,
        anyText,
        fc.array(anyText, { minLength: 1, maxLength: 4 }),
        (projectKey, status, issueTypes) => {
          const parsed = parseJql(storiesJql({ project: projectKey, states: [status] }, issueTypes));
          expect(parsed.clauses).toEqual([
            { field: 'project', negated: false, values: [projectKey] },
            { field: 'status', negated: false, values: [status] },
            { field: 'issuetype', negated: false, values: issueTypes },
          ]);
          expect(parsed.orderBy).toEqual([{ field: 'key', direction: 'ASC' }]);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('several states, keys, a release and the current sprint', () => {
    const jql = storiesJql(
      {
        project: 'SHOP',
        states: ['Done', 'In "QA"'],
        keys: ['SHOP-1', 'SHOP-2'],
        release: { id: '10001', name: '2.0' },
      },
      ['Story'],
    );
    expect(jql).toBe(
      'project = "SHOP" AND status in ("Done", "In \\"QA\\"") AND key in ("SHOP-1", "SHOP-2") AND fixVersion = "10001" ORDER BY key ASC',
    );
    expect(parseJql(jql).clauses).toEqual([
      { field: 'project', negated: false, values: ['SHOP'] },
      { field: 'status', negated: false, values: ['Done', 'In "QA"'] },
      { field: 'key', negated: false, values: ['SHOP-1', 'SHOP-2'] },
      { field: 'fixVersion', negated: false, values: ['10001'] },
    ]);
    expect(storiesJql({ project: 'SHOP', states: [], sprint: 'current' }, ['Story'])).toBe(
      'project = "SHOP" AND issuetype in ("Story") AND sprint in openSprints() ORDER BY key ASC',
    );
  });

  it('property: a quoted value never contains an unescaped quote', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const quoted = jqlString(value);
        const inner = quoted.slice(1, -1);
        // Drop escape pairs; what is left may not contain a quote or a lone backslash.
        const rest = inner.replace(/\\[\\"nrt]/g, '');
        expect(rest).not.toMatch(/["\\\n\r\t]/);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('parseJql (the demo tracker)', () => {
  it('reads the clause shapes and ORDER BY', () => {
    expect(
      parseJql(
        'project = DEMO AND status != \'To Do\' AND type not in (Bug, "Epic") order by created DESC, key',
      ),
    ).toEqual({
      clauses: [
        { field: 'project', negated: false, values: ['DEMO'] },
        { field: 'status', negated: true, values: ['To Do'] },
        { field: 'type', negated: true, values: ['Bug', 'Epic'] },
      ],
      orderBy: [
        { field: 'created', direction: 'DESC' },
        { field: 'key', direction: 'ASC' },
      ],
    });
    expect(parseJql('ORDER BY key DESC')).toEqual({
      clauses: [],
      orderBy: [{ field: 'key', direction: 'DESC' }],
    });
    expect(parseJql('key = "A\\u0042"').clauses[0]?.values).toEqual(['AB']);
  });

  it.each([
    ['project = DO', /'DO' is a reserved JQL word/],
    ['project = "DEMO', /not terminated/],
    ['project = "a\\.b"', /illegal JQL escape/],
    ['project DEMO', /Expecting operator/],
    ['project = DEMO OR project = MOB', /only understands AND/],
    ['project in (A, B', /Expecting ',' or '\)'/],
    ['project = A status = B', /Expecting 'AND'/],
    ['project = A;', /reserved JQL character|Expecting/],
  ])('refuses %s as Jira would', (jql, message) => {
    expect(() => parseJql(jql)).toThrow(JqlError);
    expect(() => parseJql(jql)).toThrow(message);
  });
});
