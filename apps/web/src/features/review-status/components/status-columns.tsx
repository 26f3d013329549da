// The review status table's columns: keys, dates and the action never wrap (a date shows short, its full
// form on hover and to screen readers through <time>'s title); an empty cell shows "—" (and its line is left
// out of a phone's card: DataTable's `isEmpty`).
import type { StoryState, StoryStatus } from '@handoff/core/api';
import { formatAnswerBy } from '@handoff/core/dates';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { formatDateTime, ShortDate } from '@/lib/format';
import type { EarlierAnswer } from '../api/get-earlier-answers';

export const STATE_TEXT: Record<StoryState, string> = {
  waiting: 'Waiting',
  passed: 'Passed',
  failed: 'Failed',
  retest: 'Re-test',
};

const STATE_TONE: Record<StoryState, BadgeTone> = {
  waiting: 'neutral',
  passed: 'success',
  failed: 'danger',
  retest: 'info',
};

/** An empty cell: a dash to the eye, "none" to a screen reader. */
function None() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">none</span>
    </>
  );
}

/** A re-test's answer from the round before, beside it: "Last round: Failed" (its date on hover). */
function LastRound({ answer }: { answer: EarlierAnswer | undefined }) {
  if (!answer) return null;
  return (
    <span
      className="review-status__last"
      title={answer.answeredAt ? formatDateTime(answer.answeredAt) : undefined}
    >
      Last round: <Badge tone={STATE_TONE[answer.verdict]}>{STATE_TEXT[answer.verdict]}</Badge>
    </span>
  );
}

/** The answer of the round before, for a story offered again and not yet answered in its new round. */
function earlierOf(story: StoryStatus, earlier: ReadonlyMap<string, EarlierAnswer>) {
  return story.state === 'retest' && !story.answeredAt ? earlier.get(story.key) : undefined;
}

/** The columns; `Release` only once a notice of the project named one. */
export function statusColumns(
  onOfferAgain: (key: string) => void,
  withRelease: boolean,
  earlier: ReadonlyMap<string, EarlierAnswer> = new Map(),
): Array<Column<StoryStatus>> {
  const release: Column<StoryStatus> = {
    header: 'Release',
    isEmpty: (story) => !story.release,
    cell: (story) => story.release ?? <None />,
  };
  return [
    { header: 'Key', rowHeader: true, className: 'nowrap', cell: (story) => story.key },
    { header: 'Summary', className: 'review-status__summary', cell: (story) => story.summary },
    ...(withRelease ? [release] : []),
    {
      header: 'State',
      cell: (story) => (
        <span className="review-status__state">
          <Badge tone={STATE_TONE[story.state]}>{STATE_TEXT[story.state]}</Badge>
          <LastRound answer={earlierOf(story, earlier)} />
          {story.signedOff ? <Badge tone="success">Signed off</Badge> : null}
          {story.overdue && story.answerBy ? (
            <span className="review-status__overdue">
              <Badge tone="danger">Overdue</Badge> due {formatAnswerBy(story.answerBy)}
            </span>
          ) : null}
        </span>
      ),
    },
    { header: 'Rounds', className: 'nowrap numeric', cell: (story) => story.rounds },
    { header: 'Last sent', className: 'nowrap', cell: (story) => <ShortDate iso={story.lastSentAt} /> },
    {
      header: 'Answered',
      isEmpty: (story) => !story.answeredAt,
      cell: (story) =>
        story.answeredAt ? (
          <span className="review-status__answered">
            <ShortDate iso={story.answeredAt} />
            {story.reviewer ? <span> by {story.reviewer}</span> : null}
          </span>
        ) : (
          <None />
        ),
    },
    {
      header: 'Comment',
      className: 'review-status__comment',
      isEmpty: (story) => !story.comment && !earlierOf(story, earlier)?.comment,
      cell: (story) => {
        const last = earlierOf(story, earlier)?.comment;
        if (story.comment) return story.comment;
        return last ? <span className="review-status__last-comment">{last}</span> : <None />;
      },
    },
    {
      header: 'Actions',
      hideHeader: true,
      className: 'nowrap data-table__actions',
      cell: (story) => (
        <Button size="small" aria-label={`Offer again ${story.key}`} onClick={() => onOfferAgain(story.key)}>
          Offer again
        </Button>
      ),
    },
  ];
}
