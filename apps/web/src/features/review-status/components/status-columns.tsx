// The review status table's columns: keys, dates and the action never wrap (a date shows short, its full
// form on hover and to screen readers through <time>'s title); an empty cell shows "—" (and its line is left
// out of a phone's card: DataTable's `isEmpty`).
import type { StoryState, StoryStatus } from '@handoff/core/api';
import { formatAnswerBy } from '@handoff/core/dates';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { formatDateTime, formatShortDate } from '@/lib/format';

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

function ShortDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatShortDate(iso)}
    </time>
  );
}

/** An empty cell: a dash to the eye, "none" to a screen reader. */
function None() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">none</span>
    </>
  );
}

/** The columns; `Release` only once a notice of the project named one. */
export function statusColumns(
  onOfferAgain: (key: string) => void,
  withRelease: boolean,
): Array<Column<StoryStatus>> {
  const release: Column<StoryStatus> = {
    header: 'Release',
    isEmpty: (story) => !story.release,
    cell: (story) => story.release ?? <None />,
  };
  return [
    { header: 'Key', rowHeader: true, className: 'nowrap', cell: (story) => story.key },
    { header: 'Summary', cell: (story) => story.summary },
    ...(withRelease ? [release] : []),
    {
      header: 'State',
      cell: (story) => (
        <span className="review-status__state">
          <Badge tone={STATE_TONE[story.state]}>{STATE_TEXT[story.state]}</Badge>
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
      isEmpty: (story) => !story.comment,
      cell: (story) => story.comment ?? <None />,
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
