import {
  getProjectSendsAnswer,
  getUserByEmailAnswer,
  projectListAnswer,
  sendAnswer,
} from '@handoff/core/api';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer.ts';

const serializerOf = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'POST', url: '/test', httpStatus: '200' });

// The serializer writes exactly what parsing the answer with its zod schema and JSON.stringify wrote
// before: the same fields, in the same order, and nothing the schema does not declare.
const cases: Array<{ name: string; schema: z.ZodType; answer: unknown }> = [
  {
    name: 'a profile, with a field the schema does not declare',
    schema: getUserByEmailAnswer,
    answer: { data: { id: 'u1', email: 'a@example.com', apikey: 'key', name: '', passwordHash: 'secret' } },
  },
  {
    name: 'a send answer with a null send id',
    schema: sendAnswer,
    answer: { status: 200, message: 'Sent', data: { delivered: false, sendId: null, refused: [] }, extra: 1 },
  },
  {
    name: 'a project list, nested objects and nullable fields',
    schema: projectListAnswer,
    answer: {
      data: [
        {
          userId: 'u1',
          projectKey: 'P',
          projectName: 'Project "quoted" \\ ünïcode',
          clientEmails: ['c@example.com'],
          clientCC: [],
          autosend: true,
          sentProjectIssuesList: ['P-1', 'P-2'],
          siteId: 'default',
          siteName: 'default',
          statusesOffered: null,
          reminderDays: 3,
          groupBy: 'nothing',
          autosendStatus: {
            nextRunAt: '2026-11-24T01:00:00.000Z',
            lastRunAt: null,
            lastError: null,
            lastSentAt: null,
            switchedOnBy: 'a@example.com',
            internal: 'never written',
          },
          secret: 'never written',
        },
      ],
    },
  },
  {
    name: 'an empty send history',
    schema: getProjectSendsAnswer,
    answer: { data: [] },
  },
];

describe('responseSerializerCompiler', () => {
  it.each(cases)('writes $name as the zod schema reads it', ({ schema, answer }) => {
    const written = serializerOf(schema)(answer);
    expect(written).toBe(JSON.stringify(schema.parse(answer)));
    expect(written).not.toContain('secret');
    expect(written).not.toContain('never written');
  });

  it('refuses an answer that lacks a field its schema requires, instead of writing it', () => {
    expect(() =>
      serializerOf(getUserByEmailAnswer)({ data: { id: 'u1', email: 'a@example.com' } }),
    ).toThrow();
  });
});
