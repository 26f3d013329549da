import { describe, expect, it } from 'vitest';
import {
  ADDABLE_TRACKER_KINDS,
  isStoryKeyOf,
  isTrackerKind,
  TRACKER_KIND_IDS,
  TRACKER_KINDS,
  trackerNameOf,
} from './tracker-kinds.ts';

describe('the registry of tracker kinds', () => {
  it('offers Jira Cloud, Jira Data Center, GitHub and Linear on the Sites screen; the demo tracker is built in', () => {
    expect(ADDABLE_TRACKER_KINDS.map((id) => TRACKER_KINDS[id].label)).toEqual([
      'Jira Cloud',
      'Jira Data Center',
      'GitHub',
      'Linear',
    ]);
    expect(TRACKER_KIND_IDS).toContain('demo');
    expect(isTrackerKind('demo')).toBe(true);
    expect(isTrackerKind('gitlab')).toBe(false);
    expect(isTrackerKind('toString')).toBe(false);
    expect(trackerNameOf('demo')).toBe('Jira');
    expect(TRACKER_KINDS.github.baseUrlDefault).toBe('https://api.github.com');
    expect(TRACKER_KINDS.linear.baseUrlDefault).toBe('https://api.linear.app/graphql');
  });

  it.each([
    ['jira-cloud', 'ABC-123', true],
    ['jira-cloud', 'A_B2-1', true],
    ['jira-cloud', 'A-1', false],
    ['jira-cloud', 'ABC-0', false],
    ['jira-cloud', 'ABC-01', false],
    ['jira-cloud', 'abc-1', false],
    ['jira-cloud', 'OPS-DEMO-2', false],
    ['jira-datacenter', 'PAY-7', true],
    ['github', 'acme/shop#42', true],
    ['github', 'acme-co/shop.web_2#1', true],
    ['github', 'shop#42', false],
    ['github', 'acme/shop#0', false],
    ['github', 'acme/shop/x#1', false],
    ['linear', 'ENG-123', true],
    ['linear', 'E2-1', true],
    ['linear', 'eng-1', false],
    ['linear', 'ENG-', false],
  ] as const)('%s: %s is a story key: %s', (kind, key, valid) => {
    expect(isStoryKeyOf(kind, key)).toBe(valid);
  });
});
