import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  comparableEmail,
  ISSUE_STATUSES,
  isIssueStatus,
  isValidEmailEntry,
  MAX_EMAIL_LENGTH,
} from './email-entry.ts';

describe('isValidEmailEntry', () => {
  it.each([
    'client@example.com',
    'qa+1@example.com',
    'first.last@mail.example.co.uk',
    "o'brien@example.ie",
    'x_y-z@sub-domain.example.io',
    'a@b.co',
    'ü@bücher.de',
    'user@example.xn--p1ai',
  ])('accepts %s', (entry) => {
    expect(isValidEmailEntry(entry)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no @', 'client.example.com'],
    ['no domain dot', 'client@localhost'],
    ['two @', 'a@b@example.com'],
    ['empty local part', '@example.com'],
    ['empty domain label', 'a@example..com'],
    ['leading dot', '.a@example.com'],
    ['trailing local dot', 'a.@example.com'],
    ['double local dot', 'a..b@example.com'],
    ['hyphen at label start', 'a@-example.com'],
    ['one-letter TLD', 'a@example.c'],
    ['numeric TLD', 'a@127.0.0.1'],
    ['inner space', 'a b@example.com'],
    ['leading space', ' a@example.com'],
    ['trailing space', 'a@example.com '],
    ['tab', 'a@exam\tple.com'],
    ['newline', 'a@example.com\nb@example.com'],
    ['no-break space', 'a\u00a0@example.com'],
    ['ideographic space', 'a@example.com\u3000'],
    ['zero-width space', 'a\u200b@example.com'],
    ['comma (second recipient)', 'a,b@example.com'],
    ['semicolon', 'a;b@example.com'],
    ['display-name form', 'Ann <a@example.com>'],
    ['angle brackets', '<a@example.com>'],
    ['quoted local part', '"a"@example.com'],
    ['too long', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`],
    ['local part over 64', `${'a'.repeat(65)}@example.com`],
  ])('rejects %s', (_name, entry) => {
    expect(isValidEmailEntry(entry)).toBe(false);
  });

  it('rejects non-strings without throwing', () => {
    for (const v of [undefined, null, 42, {}, ['a@b.co']])
      expect(isValidEmailEntry(v as unknown as string)).toBe(false);
  });

  it('rejects any entry that contains whitespace anywhere', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u2028', '\u3000', '\ufeff'),
        fc.string(),
        (before, space, after) => {
          expect(isValidEmailEntry(`${before}${space}${after}`)).toBe(false);
        },
      ),
    );
  });

  it('accepts well-formed generated addresses up to the length limit', () => {
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
    const address = fc
      .tuple(
        fc.stringMatching(/^[a-z0-9+_-]{1,20}(?:\.[a-z0-9+_-]{1,20}){0,2}$/),
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.stringMatching(/^[a-z]{2,6}$/),
      )
      .map(([local, labels, tld]) => `${local}@${labels.join('.')}.${tld}`);
    fc.assert(
      fc.property(address, (entry) => {
        expect(isValidEmailEntry(entry)).toBe(entry.length <= MAX_EMAIL_LENGTH);
      }),
    );
  });
});

describe('ISSUE_STATUSES', () => {
  it('offers Done and Testing, in that order, and cannot be changed', () => {
    expect(ISSUE_STATUSES).toEqual(['Done', 'Testing']);
    expect(Object.isFrozen(ISSUE_STATUSES)).toBe(true);
    expect(isIssueStatus('Done')).toBe(true);
    expect(isIssueStatus('Testing')).toBe(true);
    expect(isIssueStatus('done')).toBe(false);
    expect(isIssueStatus('')).toBe(false);
  });
});

describe('comparableEmail: the one spelling of an address', () => {
  it.each([
    ['\uFF43lient@client.test', 'client@client.test'],
    ['\uFF42oss@Corp.Test', 'boss@corp.test'],
    ['Kelvin\u212A@x.test', 'kelvink@x.test'],
    ['user@\uFF25\uFF38\uFF21\uFF2D\uFF30\uFF2C\uFF25.com', 'user@example.com'],
    ['a@b\u00FCcher.example', 'a@xn--bcher-kva.example'],
    ['a@B\u00DCCHER.example', 'a@xn--bcher-kva.example'],
    ['plain@example.com', 'plain@example.com'],
  ])('%s is written %s', (typed, one) => {
    expect(comparableEmail(typed)).toBe(one);
    expect(comparableEmail(one)).toBe(one);
  });

  it('refuses an address whose one spelling is another address (a full-width @ or /)', () => {
    expect(isValidEmailEntry('a\uFF20evil.test@client.test')).toBe(false);
    expect(isValidEmailEntry('a@evil.com\uFF0Fx.test')).toBe(false);
  });

  it('is idempotent, and a valid address stays valid in its one spelling', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        const one = comparableEmail(address);
        expect(comparableEmail(one)).toBe(one);
        if (isValidEmailEntry(address)) expect(isValidEmailEntry(one)).toBe(true);
      }),
    );
  });
});
