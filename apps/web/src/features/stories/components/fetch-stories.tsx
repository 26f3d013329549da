// The send screen's first step (docs/product.md §4 steps 1-2): choose what the stories are of (a status, a
// release, or the running sprint where the tracker has one), fetch them, tick which of those not sent yet the
// draft lists, and see which were sent before and are left out.
import type { Issue } from '@handoff/core';
import { ISSUE_STATUSES } from '@handoff/core';
import type { Release } from '@handoff/core/api';
import { useId } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import type { StoriesOf } from '../api/get-project-issues';
import { StoryChecklist } from './story-checklist';

/** The `Pick stories by` choice as the picker shows and changes it. */
export interface StoriesOfChoice {
  kind: StoriesOf['kind'];
  setKind: (kind: StoriesOf['kind']) => void;
  status: string;
  setStatus: (status: string) => void;
  releaseId: string;
  setReleaseId: (id: string) => void;
  releases: readonly Release[];
  currentSprint: boolean;
}

/** A release as the list names it: its name, and whether and when it was (or is to be) released. */
function releaseLabel(release: Release): string {
  if (release.released)
    return `${release.name} (released${release.releaseDate ? ` ${release.releaseDate}` : ''})`;
  return release.releaseDate ? `${release.name} (due ${release.releaseDate})` : release.name;
}

export function StatusPicker({
  choice,
  statuses,
  fetching,
  onGetStories,
  primary,
}: {
  choice: StoriesOfChoice;
  /** The project's statuses offered; Done and Testing unless it chose its own. */
  statuses: readonly string[] | null;
  fetching: boolean;
  onGetStories: () => void;
  /** The screen's main action until stories are fetched; then the send is. */
  primary: boolean;
}) {
  const statusId = useId();
  const kindId = useId();
  const releaseId = useId();
  const { kind, status, releases } = choice;
  const onChange = choice.setStatus;
  return (
    <div className="stories-fetch">
      <div className="field">
        <label className="field__label" htmlFor={kindId}>
          Pick stories by
        </label>
        <select
          id={kindId}
          className="field__input"
          value={kind}
          onChange={(e) => choice.setKind(e.target.value as StoriesOf['kind'])}
        >
          <option value="status">Tracker status</option>
          <option value="release">Release</option>
          {choice.currentSprint ? <option value="sprint">Current sprint</option> : null}
        </select>
      </div>
      {kind === 'release' ? (
        <div className="field">
          <label className="field__label" htmlFor={releaseId}>
            Release *
          </label>
          <select
            id={releaseId}
            className="field__input"
            value={choice.releaseId}
            required
            onChange={(e) => choice.setReleaseId(e.target.value)}
          >
            <option value="">{releases.length > 0 ? 'Choose one' : 'No releases'}</option>
            {releases.map((release) => (
              <option key={release.id} value={release.id}>
                {releaseLabel(release)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {kind === 'status' ? (
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
      ) : null}
      <BusyButton
        busy={fetching}
        spinner={false}
        className={`button fetch-stories__button ${primary ? 'button--primary' : 'button--secondary'}`}
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
