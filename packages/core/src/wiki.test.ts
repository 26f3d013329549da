import { describe, expect, it } from 'vitest';
import { testStepsOf } from './draft.ts';
import { wikiToAdf } from './wiki.ts';

const wikiLineText = (line: string) => steps(`#test#\n${line}`).join(' ');

const steps = (markup: string) => testStepsOf(wikiToAdf(markup));

describe('wiki markup descriptions', () => {
  it('reads list items after #test# as steps, markers removed', () => {
    expect(steps('As a user I want it.\n\n#test#\n# Open the page\n* Check the total')).toEqual([
      'Open the page',
      'Check the total',
    ]);
  });

  it('reduces inline formatting to its words', () => {
    expect(
      steps(
        '#test#\r\n# Enter valid credentials and press *Sign in*\r\n# Check the dashboard shows {{Welcome}}\n' +
          '- Follow [the guide|https://x.example/guide] and _read_ it\nh3. Expected\n## nested -gone- +new+',
      ),
    ).toEqual([
      'Enter valid credentials and press Sign in',
      'Check the dashboard shows Welcome',
      'Follow the guide and read it',
      'Expected',
      'nested gone new',
    ]);
  });

  it('accepts an escaped marker, forced line breaks and code fences', () => {
    expect(steps('\\#test\\#\nOne\\\\Two\n{code:js}\nrun()\n{code}')).toEqual(['One', 'Two', 'run()']);
  });

  it('keeps plain words with hyphens, asterisks and underscores alone', () => {
    expect(wikiLineText('a well-known 2*3 snake_case name')).toBe('a well-known 2*3 snake_case name');
    expect(wikiLineText('||Head||Other||')).toBe('Head Other');
    expect(wikiLineText('Ask [~jsmith] about !shot.png|thumbnail!')).toBe('Ask jsmith about');
  });

  it('is N/A for null, empty or markup without words', () => {
    expect(wikiToAdf(null)).toBe('N/A');
    expect(wikiToAdf('  \n{noformat}\n{noformat}')).toBe('N/A');
    expect(steps('no marker here\n# one')).toEqual([]);
  });
});
