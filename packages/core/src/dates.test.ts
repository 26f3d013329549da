import { describe, expect, it } from 'vitest';
import {
  ANSWER_BY_FORMAT,
  ANSWER_BY_PAST,
  answerByProblem,
  formatAnswerBy,
  isPastAnswerBy,
} from './dates.ts';

describe('the answer-by date', () => {
  it('is written as day, English month and year', () => {
    expect(formatAnswerBy('2026-11-27')).toBe('27 November 2026');
    expect(formatAnswerBy('2027-01-05')).toBe('5 January 2027');
  });

  it('must be a real date written as YYYY-MM-DD', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    for (const value of ['2026-02-29', '2026-13-01', '2026-11-31', '27/11/2026', '2026-1-5', '']) {
      expect(answerByProblem(value, now)).toBe(ANSWER_BY_FORMAT);
    }
    expect(answerByProblem('2028-02-29', now)).toBeNull();
  });

  it("is refused once it has passed everywhere on Earth: a sender's own today is never refused", () => {
    // 02:00 UTC on the 27th: still the 26th at UTC−12, so the 26th is accepted, the 25th is not.
    const now = new Date('2026-11-27T02:00:00Z');
    expect(answerByProblem('2026-11-26', now)).toBeNull();
    expect(answerByProblem('2026-11-25', now)).toBe(ANSWER_BY_PAST);
    expect(answerByProblem('2026-11-27', now)).toBeNull();
  });

  it('is past on the days after it, not on the day itself', () => {
    expect(isPastAnswerBy('2026-11-27', '2026-11-27')).toBe(false);
    expect(isPastAnswerBy('2026-11-27', '2026-11-28')).toBe(true);
    expect(isPastAnswerBy(null, '2026-11-28')).toBe(false);
  });
});
