// The review status table's columns: one coloured state per story, the client's latest answer until a newer one
// replaces it (a story that failed stays Failed while its re-test waits: Rounds then says "re-test sent", so
// the state never reads "Passed · re-test sent"); the client's comment under the story's summary, quoted; keys, dates
// and the action never wrap (a moment shows short with its time, which tells apart stories sent the same day,
// its full form on hover and to screen readers through <time>'s title); an empty cell shows "—" (and its line
// is left out of a phone's card: DataTable's `isEmpty`). Offer again is offered where it can be used: not on a
// story whose re-test is already sent or offered.
import type { StoryStatus } from '@handoff/core/api';
import { formatAnswerBy } from '@handoff/core/dates';
import { retestOf, type ShownState, shownState } from '@handoff/core/review-states';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { formatDateTime, formatShortDate, formatShortDateTime, ShortDate } from '@/lib/format';
import type { EarlierAnswer } from '../api/get-earlier-answers';

/** The line saying what Re-test means, under the chips while a story is one; the Re-test chip points to it. */
export const RETEST_LEGEND_ID = 'review-status-retest';

/** What Re-test means (the other states say what they mean). */
export const RETEST_MEANING =
  'Re-test: sent to the client again before any answer came; a story the client answered keeps its answer while its re-test waits.';

export const STATE_TEXT: Record<ShownState, string> = {
  waiting: 'Waiting',
  passed: 'Passed',
  failed: 'Failed',
  retest: 'Re-test',
  overdue: 'Overdue',
};

const STATE_TONE: Record<ShownState, BadgeTone> = {
  waiting: 'neutral',
  passed: 'success',
  failed: 'danger',
  retest: 'info',
  overdue: 'danger',
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

/**
 * An answer-by day, short as every date of the table ("20 Mar"), in words on hover and to screen readers
 * ("20 March 2026"). It is a calendar day, so it is read at noon, local time: the same day in every zone.
 */
function DueDate({ day }: { day: string }) {
  return (
    <time dateTime={day} title={formatAnswerBy(day)}>
      {formatShortDate(`${day}T12:00:00`) || day}
    </time>
  );
}

/** The client's answer in an earlier round, for a story that is being re-tested (none for the others). */
function lastRoundOf(story: StoryStatus, earlier: ReadonlyMap<string, EarlierAnswer>) {
  return story.state === 'retest' ? earlier.get(story.key) : undefined;
}

/**
 * The answer a story's row shows: this round's, or for a re-test (not answered yet) the round before's, which
 * its state shows.
 */
function shownAnswer(story: StoryStatus, last: EarlierAnswer | undefined) {
  return last ?? (story.answeredAt ? { ...story, answeredAt: story.answeredAt } : null);
}

/**
 * The one tester who gave every answer the rows show, or null (none, or several): the page names them once
 * ("Answered by Dana Client") instead of on every row.
 */
export function soleReviewerOf(
  stories: readonly StoryStatus[],
  earlier: ReadonlyMap<string, EarlierAnswer>,
): string | null {
  const answers = stories.flatMap((story) => {
    const answer = shownAnswer(story, lastRoundOf(story, earlier));
    return answer?.answeredAt ? [answer.reviewer ?? ''] : [];
  });
  const [first] = answers;
  return first && answers.every((name) => name === first) ? first : null;
}

/** A comment of the client's, quoted, under the story's summary (the space keeps it a word apart when read out). */
function Comment({ text }: { text: string | null | undefined }) {
  return text ? (
    <>
      {' '}
      <span className="review-status__comment">“{text}”</span>
    </>
  ) : null;
}

/** `Answered`: when the client gave the answer the story shows, and by whom unless the page says it once. */
function Answered({
  story,
  last,
  soleReviewer,
}: {
  story: StoryStatus;
  last: EarlierAnswer | undefined;
  soleReviewer: string | null;
}) {
  const answer = shownAnswer(story, last);
  if (!answer?.answeredAt) return <None />;
  return (
    <span className="review-status__answer">
      <Moment iso={answer.answeredAt} />
      {answer.reviewer && answer.reviewer !== soleReviewer ? (
        <>
          {' '}
          <span className="review-status__reviewer">by {answer.reviewer}</span>
        </>
      ) : null}
    </span>
  );
}

/**
 * Where the story's next round is, under its count in Rounds: a re-test sent or offered while the state still
 * shows the answer before ("re-test sent"); an overdue re-test says so in the state instead.
 */
function RetestNote({ story }: { story: StoryStatus }) {
  if (!retestOf(story) || (!story.answeredAt && story.overdue)) return null;
  return (
    <>
      {' '}
      <span className="review-status__round-note">
        {story.answeredAt ? (
          're-test offered'
        ) : (
          <>
            re-test sent <ShortDate iso={story.lastSentAt} />
          </>
        )}
      </span>
    </>
  );
}

/**
 * A moment (last sent, answered): "29 Nov, 09:49", its full form on hover and to screen readers. A phone's card
 * shows the day alone ("29 Nov"), its three dates side by side; the time stays in the title.
 */
function Moment({ iso }: { iso: string }) {
  const day = formatShortDate(iso);
  const withTime = formatShortDateTime(iso);
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {day}
      <span className="review-status__time">{withTime.slice(day.length)}</span>
    </time>
  );
}

/** What the state waits on now: an overdue re-test, an answer, an overdue date in words. */
function StateNote({ story }: { story: StoryStatus }) {
  const state = shownState(story);
  const due =
    story.overdue && story.answerBy ? (
      <>
        due <DueDate day={story.answerBy} />
      </>
    ) : null;
  if (retestOf(story)) {
    // A re-test sent or offered is said in Rounds; only one overdue says so here, beside its state.
    return !story.answeredAt && story.overdue ? (
      <span className="review-status__note review-status__note--overdue">re-test overdue, {due}</span>
    ) : null;
  }
  if (state === 'retest') return <span className="review-status__note">awaiting answer</span>;
  if (state === 'overdue' && due)
    return <span className="review-status__note review-status__note--overdue">{due}</span>;
  return null;
}

/** The columns; `Release` only once a notice of the project named one. */
export function statusColumns(
  onOfferAgain: (key: string) => void,
  withRelease: boolean,
  earlier: ReadonlyMap<string, EarlierAnswer> = new Map(),
  soleReviewer: string | null = null,
): Array<Column<StoryStatus>> {
  const release: Column<StoryStatus> = {
    header: 'Release',
    className: 'review-status__release',
    isEmpty: (story) => !story.release,
    cell: (story) => story.release ?? <None />,
  };
  return [
    { header: 'Key', rowHeader: true, className: 'nowrap review-status__key', cell: (story) => story.key },
    {
      header: 'Summary',
      className: 'review-status__summary',
      cell: (story) => (
        <>
          {story.summary}
          <Comment text={shownAnswer(story, lastRoundOf(story, earlier))?.comment} />
        </>
      ),
    },
    ...(withRelease ? [release] : []),
    {
      header: 'State',
      className: 'review-status__state-cell',
      cell: (story) => {
        const state = shownState(story);
        return (
          <span className="review-status__state">
            <Badge tone={STATE_TONE[state]}>{STATE_TEXT[state]}</Badge> <StateNote story={story} />{' '}
            {story.signedOff ? <span className="review-status__note">signed off</span> : null}
          </span>
        );
      },
    },
    {
      header: 'Rounds',
      className: 'nowrap numeric review-status__rounds',
      cell: (story) => (
        <>
          {story.rounds}
          <RetestNote story={story} />
        </>
      ),
    },
    {
      header: 'Last sent',
      className: 'nowrap review-status__sent',
      cell: (story) => <Moment iso={story.lastSentAt} />,
    },
    {
      header: 'Answered',
      className: 'review-status__answered',
      isEmpty: (story) => !story.answeredAt && !lastRoundOf(story, earlier),
      cell: (story) => (
        <Answered story={story} last={lastRoundOf(story, earlier)} soleReviewer={soleReviewer} />
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      className: 'nowrap data-table__actions review-status__actions',
      isEmpty: (story) => story.state === 'retest',
      // A re-test already sent or offered needs no second offer.
      cell: (story) =>
        story.state === 'retest' ? null : (
          <Button
            size="small"
            variant={shownState(story) === 'failed' ? 'outline' : 'ghost'}
            aria-label={`Offer again ${story.key}`}
            onClick={() => onOfferAgain(story.key)}
          >
            Offer again
          </Button>
        ),
    },
  ];
}
