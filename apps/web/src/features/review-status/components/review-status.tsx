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
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { type Column, DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
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
      {stories === null && !failure ? <ProgressBar label="Loading the review status" /> : null}
      {stories !== null ? (
        <>
          <div className="review-status__tools">
            <Field label="State">
              {(control) => (
                <select
                  {...control}
                  className="field__input"
                  value={filter}
                  onChange={(event) => setFilter(event.target.value as StoryState | 'all')}
                >
                  {FILTERS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Button
              variant="outline"
              onClick={() => download(`review-status-${projectKey}.csv`, reviewStatusCsv(shown))}
            >
              Download CSV
            </Button>
          </div>
          {shown.length === 0 ? (
            <EmptyState title="No stories to show">
              {filter === 'all'
                ? 'Stories appear here once they are sent to the client from the send screen.'
                : 'No story is in this state; choose another state to see the others.'}
            </EmptyState>
          ) : (
            <DataTable
              labelledBy="review-status-heading"
              rows={shown}
              rowKey={(story) => story.key}
              columns={statusColumns(offerAgain)}
              rowClassName={(story) => (story.overdue ? 'review-status__row--overdue' : undefined)}
            />
          )}
        </>
      ) : null}
    </section>
  );
}

const STATE_TONE: Record<StoryState, BadgeTone> = {
  waiting: 'neutral',
  passed: 'success',
  failed: 'danger',
  retest: 'info',
};

function statusColumns(onOfferAgain: (key: string) => void): Array<Column<StoryStatus>> {
  return [
    { header: 'Key', rowHeader: true, cell: (story) => story.key },
    { header: 'Summary', cell: (story) => story.summary },
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
    { header: 'Rounds', cell: (story) => story.rounds },
    { header: 'Last sent', cell: (story) => formatDateTime(story.lastSentAt) },
    { header: 'Answered', cell: (story) => (story.answeredAt ? formatDateTime(story.answeredAt) : '') },
    { header: 'Reviewer', cell: (story) => story.reviewer ?? '' },
    { header: 'Comment', cell: (story) => story.comment ?? '' },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (story) => (
        <Button
          variant="outline"
          size="small"
          aria-label={`Offer again ${story.key}`}
          onClick={() => onOfferAgain(story.key)}
        >
          Offer again
        </Button>
      ),
    },
  ];
}
