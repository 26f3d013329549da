// Every document the Linear adapter sends, validated with graphql's `validate` against Linear's schema (the
// committed subset, cut from Linear's published schema by scripts/trim-linear-schema.mjs).
import { describe, expect, it } from 'vitest';
import { checkLinearDocument } from '../testdata/linear-schema.ts';
import { allDocuments } from './linear-documents.ts';

describe("the Linear adapter's GraphQL documents", () => {
  it.each(Object.entries(allDocuments()))('%s is valid against Linear’s schema', (_name, text) => {
    expect(checkLinearDocument(text)).not.toHaveProperty('problems');
  });

  it('refuses what Linear would refuse: an unknown field or filter, a wrong type, an undefined variable', () => {
    const refused = [
      'query { viewer { id login } }',
      'query { issues(first: "ten") { nodes { identifier } } }',
      'query Q($team: Int) { teams(filter: { key: { eq: $team } }) { nodes { key } } }',
      'query { teams(filter: { key: { eq: $team } }) { nodes { key } } }',
      'query { issues(filter: { team: { slug: { eq: "eng" } } }) { nodes { identifier } } }',
      'query { issue(id: "ENG-1") { identifier } } query { viewer { id } }',
      'query { teams { nodes { key } pageInfo } }',
    ];
    for (const text of refused) {
      expect(checkLinearDocument(text), text).toHaveProperty('problems');
    }
    expect(checkLinearDocument('query { viewer { id name } }')).toHaveProperty('document');
  });
});
