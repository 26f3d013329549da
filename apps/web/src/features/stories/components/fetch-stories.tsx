// The send screen's first step (docs/product.md §4 steps 1-2): choose a status, fetch its stories, and see which
// of them the draft lists and which were sent before and are left out.
import type { Issue } from '@handoff/core';
import { ISSUE_STATUSES } from '@handoff/core';
import { useId } from 'react';
import { BusyButton } from '@/components/ui/busy-button';

export function StatusPicker({
  status,
  statuses,
  onChange,
  fetching,
  onGetStories,
}: {
  status: string;
  /** The project's statuses offered; Done and Testing unless it chose its own. */
  statuses: readonly string[] | null;
  onChange: (status: string) => void;
  fetching: boolean;
  onGetStories: () => void;
}) {
  const statusId = useId();
  return (
    <div className="stories-fetch">
      <div className="field">
        <label className="field__label" htmlFor={statusId}>
          Issue Status *
        </label>
        <select
          id={statusId}
          className="field__input"
          value={status}
          required
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Choose one</option>
          {(statuses && statuses.length > 0 ? statuses : ISSUE_STATUSES).map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <BusyButton busy={fetching} spinner={false} onClick={onGetStories}>
        Get User Stories
      </BusyButton>
    </div>
  );
}

export function FetchedStories({
  status,
  issues,
  included,
  alreadySent,
}: {
  status: string;
  issues: Issue[];
  included: Issue[];
  alreadySent: Issue[];
}) {
  return (
    <div className="stories-found">
      <p className="visually-hidden" role="status">
        {`${issues.length} user stories found, ${included.length} not sent yet.`}
      </p>
      {issues.length === 0 ? (
        <p className="stories__empty">No user stories in {status}.</p>
      ) : (
        <>
          <StoryList
            title="Stories in this e-mail"
            issues={included}
            emptyText="All of these stories were already sent."
          />
          {alreadySent.length > 0 ? (
            <StoryList title="Already sent, left out" issues={alreadySent} emptyText="" />
          ) : null}
        </>
      )}
    </div>
  );
}

function StoryList({ title, issues, emptyText }: { title: string; issues: Issue[]; emptyText: string }) {
  const headingId = useId();
  return (
    <div className="stories">
      <h2 id={headingId} className="stories__title">
        {title} ({issues.length})
      </h2>
      {issues.length > 0 ? (
        <ul className="stories__list" aria-labelledby={headingId}>
          {issues.map((issue) => (
            <li key={issue.key}>
              <span className="stories__key">{issue.key}</span> {issue.issueHeader}
              {issue.retest ? <span className="stories__retest"> (re-test)</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="stories__empty">{emptyText}</p>
      )}
    </div>
  );
}
