// The stories a fetch offers for the e-mail, one checkbox each (all ticked but those of a release or sprint
// that are not finished, which show their status): unticking a story leaves it out
// of the draft and of the keys the send claims. A story without test steps (no "#test#" section, see
// packages/core's testStepsOf) is listed as finished but not under "Please test the following": its badge
// says so before the e-mail goes out, and its tooltip (on hover or keyboard focus, and in the checkbox's
// description) says what that means.
import type { Issue } from '@handoff/core';
import { testStepsOf } from '@handoff/core';
import { useId } from 'react';

const NO_TEST_STEPS = 'No test steps';
const NO_TEST_STEPS_MEANS =
  'Listed as finished, but not under “Please test the following”: its description has no test steps.';

export function StoryChecklist({
  issues,
  leftOut,
  onToggle,
  messageEdited,
}: {
  issues: Issue[];
  leftOut: ReadonlySet<string>;
  onToggle: (key: string, included: boolean) => void;
  /** The user edited the message: a tick drafts it again, and the hint says so. */
  messageEdited: boolean;
}) {
  const headingId = useId();
  const ticked = issues.filter((issue) => !leftOut.has(issue.key)).length;
  const count = ticked === issues.length ? `${ticked}` : `${ticked} of ${issues.length}`;
  return (
    <div className="stories">
      <h3 id={headingId} className="stories__title">
        Stories in this e-mail ({count})
      </h3>
      <p className="stories__hint">
        Untick a story to send it later.
        {messageEdited ? ' Ticking or unticking drafts the message again, replacing your changes.' : ''}
      </p>
      <ul className="stories__list stories__list--checks" aria-labelledby={headingId}>
        {issues.map((issue) => (
          <StoryCheck
            key={issue.key}
            issue={issue}
            included={!leftOut.has(issue.key)}
            onToggle={(included) => onToggle(issue.key, included)}
          />
        ))}
      </ul>
      {ticked === 0 ? (
        <p className="stories__empty" role="status">
          No story is ticked: tick at least one to draft the e-mail.
        </p>
      ) : null}
    </div>
  );
}

function StoryCheck({
  issue,
  included,
  onToggle,
}: {
  issue: Issue;
  included: boolean;
  onToggle: (included: boolean) => void;
}) {
  const badgeId = useId();
  const tipId = useId();
  const noSteps = testStepsOf(issue.description).length === 0;
  return (
    <li className="story-check">
      <label className="story-check__label">
        <input
          type="checkbox"
          className="story-check__box"
          checked={included}
          aria-describedby={noSteps ? `${badgeId} ${tipId}` : undefined}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <span>
          <span className="stories__key">{issue.key}</span> {issue.issueHeader}
          {issue.retest ? <span className="stories__retest"> (re-test)</span> : null}
          {issue.finished === false ? <span className="stories__status"> ({issue.status})</span> : null}
        </span>
      </label>
      {noSteps ? <NoStepsBadge badgeId={badgeId} tipId={tipId} /> : null}
    </li>
  );
}

/**
 * The "No test steps" pill with its meaning in a tooltip, shown while the pill is hovered or focused (it
 * takes the keyboard's focus for that); the checkbox's description carries the meaning too.
 */
function NoStepsBadge({ badgeId, tipId }: { badgeId: string; tipId: string }) {
  return (
    <span className="story-check__flag">
      <span
        id={badgeId}
        className="badge badge--warning story-check__badge"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can read its tooltip.
        tabIndex={0}
        aria-describedby={tipId}
      >
        {NO_TEST_STEPS}
      </span>
      <span id={tipId} role="tooltip" className="story-check__tip">
        {NO_TEST_STEPS_MEANS}
      </span>
    </span>
  );
}
