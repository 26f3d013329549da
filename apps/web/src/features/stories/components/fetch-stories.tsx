// The send screen's first step (docs/product.md §4 steps 1-2): choose a status, fetch its stories, tick which of
// those not sent yet the draft lists, and see which were sent before and are left out.
import type { Issue } from '@handoff/core';
import { ISSUE_STATUSES } from '@handoff/core';
import { useId } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { StoryChecklist } from './story-checklist';

export function StatusPicker({
  status,
  statuses,
  onChange,
  fetching,
  onGetStories,
  primary,
}: {
  status: string;
  /** The project's statuses offered; Done and Testing unless it chose its own. */
  statuses: readonly string[] | null;
  onChange: (status: string) => void;
  fetching: boolean;
  onGetStories: () => void;
  /** The screen's main action until stories are fetched; then the send is. */
  primary: boolean;
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
      <BusyButton
        busy={fetching}
        spinner={false}
        className={`button ${primary ? 'button--primary' : 'button--outline'}`}
        onClick={onGetStories}
      >
        Get User Stories
      </BusyButton>
    </div>
  );
}

export function FetchedStories({
  status,
  issues,
  offered,
  alreadySent,
  leftOut,
  onToggle,
  messageEdited,
}: {
  status: string;
  issues: Issue[];
  /** The stories not sent yet (or offered for re-test), ticked or not. */
  offered: Issue[];
  alreadySent: Issue[];
  leftOut: ReadonlySet<string>;
  onToggle: (key: string, included: boolean) => void;
  messageEdited: boolean;
}) {
  return (
    <div className="stories-found">
      <p className="visually-hidden" role="status">
        {`${issues.length} user stories found, ${offered.length} not sent yet.`}
      </p>
      {issues.length === 0 ? <p className="stories__empty">No user stories in {status}.</p> : null}
      {offered.length > 0 ? (
        <StoryChecklist
          issues={offered}
          leftOut={leftOut}
          onToggle={onToggle}
          messageEdited={messageEdited}
        />
      ) : null}
      {alreadySent.length > 0 ? <StoryList title="Already sent, left out" issues={alreadySent} /> : null}
    </div>
  );
}

function StoryList({ title, issues }: { title: string; issues: Issue[] }) {
  const headingId = useId();
  return (
    <div className="stories">
      <h3 id={headingId} className="stories__title">
        {title} ({issues.length})
      </h3>
      <ul className="stories__list" aria-labelledby={headingId}>
        {issues.map((issue) => (
          <li key={issue.key}>
            <span className="stories__key">{issue.key}</span> {issue.issueHeader}
          </li>
        ))}
      </ul>
    </div>
  );
}
