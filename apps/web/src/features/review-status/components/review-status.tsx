// /admin/review-status?key={projectKey}: the state of every story the project ever sent (waiting, passed,
// failed, re-test), how many notices carried it, its latest answer and sign-off; filters by state, an
// "Offer again" control per story, and the list as CSV. A story still unanswered after its notice's answer-by
// date is marked overdue: its row gets a red edge, and its State cell a red "Overdue" badge with the date in
// words ("due 27 November 2026"), so the mark is text, not colour alone, and screen readers read it.
import type { StoryState, StoryStatus } from '@handoff/core/api';
import { formatAnswerBy } from '@handoff/core/dates';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { offerStoryAgain } from '@/api/review';
import { paths } from '@/config/paths';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { getReviewStatus } from '../api/get-review-status';
import { reviewStatusCsv } from '../lib/csv';
import './review-status.css';

const STATE_TEXT: Record<StoryState, string> = {
  waiting: 'Waiting',
  passed: 'Passed',
  failed: 'Failed',
  retest: 'Re-test',
};

const FILTERS: Array<{ value: StoryState | 'all'; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'waiting', label: 'Waiting' },
  { value: 'passed', label: 'Passed' },
  { value: 'failed', label: 'Failed' },
  { value: 'retest', label: 'Re-test' },
];

/** Saves text as a file through a temporary link (no server round trip). */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ReviewStatus() {
  const { api } = useServices();
  const { user } = useAppState();
  const [params] = useSearchParams();
  const projectKey = params.get('key') ?? '';
  const [stories, setStories] = useState<StoryStatus[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [filter, setFilter] = useState<StoryState | 'all'>('all');
  const [version, setVersion] = useState(0);
  const userId = user?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-runs the load.
  useEffect(() => {
    if (!userId || !projectKey) return;
    let active = true;
    getReviewStatus(api, userId, projectKey)
      .then((data) => {
        if (!active) return;
        setStories(data);
        setFailure(null);
      })
      .catch((error: unknown) => {
        if (active && !isSessionEnded(error)) setFailure(errorMessage(error));
      });
    return () => {
      active = false;
    };
  }, [api, userId, projectKey, version]);

  const shown = useMemo(
    () => (stories ?? []).filter((story) => filter === 'all' || story.state === filter),
    [stories, filter],
  );

  const offerAgain = async (issueKey: string) => {
    if (!userId) return;
    try {
      await offerStoryAgain(api, userId, projectKey, issueKey);
      setVersion((n) => n + 1);
    } catch (error) {
      if (!isSessionEnded(error)) window.alert(errorMessage(error));
    }
  };

  return (
    <section className="page review-status" aria-labelledby="review-status-heading">
      <div className="page__header">
        <h1 id="review-status-heading" className="page__title">
          Review status {projectKey}
        </h1>
        <Link to={paths.admin.index}>Back to projects</Link>
      </div>
      {failure ? <p role="alert">The review status could not be loaded: {failure}</p> : null}
      {stories === null && !failure ? <p>Loading the review status...</p> : null}
      {stories !== null ? (
        <>
          <div className="review-status__tools">
            <label>
              State{' '}
              <select
                value={filter}
                onChange={(event) => setFilter(event.target.value as StoryState | 'all')}
              >
                {FILTERS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="button button--outline"
              onClick={() => download(`review-status-${projectKey}.csv`, reviewStatusCsv(shown))}
            >
              Download CSV
            </button>
          </div>
          {shown.length === 0 ? (
            <p>No stories to show.</p>
          ) : (
            <StatusTable stories={shown} onOfferAgain={offerAgain} />
          )}
        </>
      ) : null}
    </section>
  );
}

function StatusTable({
  stories,
  onOfferAgain,
}: {
  stories: StoryStatus[];
  onOfferAgain: (key: string) => void;
}) {
  return (
    <div className="review-status__scroll">
      <table className="review-status__table">
        <thead>
          <tr>
            {['Key', 'Summary', 'State', 'Rounds', 'Last sent', 'Answered', 'Reviewer', 'Comment', ''].map(
              (title) => (
                <th key={title} scope="col">
                  {title}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {stories.map((story) => (
            <tr key={story.key} className={story.overdue ? 'review-status__row--overdue' : undefined}>
              <th scope="row">{story.key}</th>
              <td>{story.summary}</td>
              <td>
                <span className={`verdict verdict--${story.state}`}>{STATE_TEXT[story.state]}</span>
                {story.signedOff ? <span className="review-status__signed"> Signed off</span> : null}
                {story.overdue && story.answerBy ? (
                  <span className="review-status__overdue">
                    <span className="review-status__overdue-badge">Overdue</span> due{' '}
                    {formatAnswerBy(story.answerBy)}
                  </span>
                ) : null}
              </td>
              <td>{story.rounds}</td>
              <td>{formatDateTime(story.lastSentAt)}</td>
              <td>{story.answeredAt ? formatDateTime(story.answeredAt) : ''}</td>
              <td>{story.reviewer ?? ''}</td>
              <td>{story.comment ?? ''}</td>
              <td>
                <button
                  type="button"
                  className="button button--outline"
                  aria-label={`Offer again ${story.key}`}
                  onClick={() => onOfferAgain(story.key)}
                >
                  Offer again
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
