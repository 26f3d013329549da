// The "Auto send email" cell: the switch with a visible On/Off, and under it, as neutral meta text, whom
// auto-send e-mails ("To dana@acme.test · cc 1"; nothing when off: the "Off" beside the switch says it) and the server's auto-send status ("Next run 14:05 (in 12 min) with the tracker token of ada@…", "Last sent automatically 13:50
// (3 min ago)", or the last run's error in red). All of it is the switch's accessible description.

import type { Project } from '@handoff/core/api';
import { Fragment, memo, useId } from 'react';
import { BreakableText } from '@/components/ui/breakable-text';
import { Switch } from '@/components/ui/switch';
import { formatRunTimeFromNow } from '@/lib/format';

/** "To client@example.com +1 · cc 2": whom an auto-sent notice goes to (every address is on the edit screen). */
function Recipients({ project }: { project: Project }) {
  const [first, ...others] = project.clientEmails;
  return (
    <>
      To <BreakableText text={first ?? ''} />
      {others.length > 0 ? ` +${others.length}` : ''}
      {project.clientCC.length > 0 ? ` · cc ${project.clientCC.length}` : ''}
    </>
  );
}

/** Memoised: rendered again only when its project, the time or the handler changes. */
export const AutosendCell = memo(function AutosendCell({
  project,
  now,
  onToggle,
}: {
  project: Project;
  now: Date;
  onToggle: (project: Project, autosend: boolean) => void;
}) {
  const infoId = useId();
  const status = project.autosendStatus;
  const nextRun = project.autosend ? formatRunTimeFromNow(status.nextRunAt, now) : '';
  const lastError = status.lastError ?? '';
  const lastSent = formatRunTimeFromNow(status.lastSentAt, now);
  // Auto-send runs on the tracker token of the member who switched it on.
  const tokenOf = project.autosend ? (status.switchedOnBy ?? '') : '';
  const lines = [
    project.autosend && project.clientEmails.length > 0
      ? { key: 'to', className: 'autosend__to', text: <Recipients project={project} /> }
      : null,
    nextRun || tokenOf
      ? {
          key: 'next',
          className: 'autosend__next',
          text: [nextRun && `Next run ${nextRun}`, tokenOf && `with the tracker token of ${tokenOf}`]
            .filter(Boolean)
            .join(' '),
        }
      : null,
    lastSent
      ? { key: 'last', className: 'autosend__last', text: `Last sent automatically ${lastSent}` }
      : null,
    lastError ? { key: 'error', className: 'autosend__error', text: `Last run failed: ${lastError}` } : null,
  ].filter((line) => line !== null);

  return (
    <div className="autosend">
      <span className="autosend__switch">
        <Switch
          checked={project.autosend}
          label={`Auto send email for ${project.projectKey}`}
          aria-describedby={lines.length > 0 ? infoId : undefined}
          onChange={(checked) => onToggle(project, checked)}
        />
        {/* The switch's own state says it to assistive technology; this says it to the eye. */}
        <span className="autosend__state" aria-hidden="true">
          {project.autosend ? 'On' : 'Off'}
        </span>
      </span>
      {lines.length > 0 ? (
        <p id={infoId} className="autosend__info">
          {lines.map((line, index) => (
            <Fragment key={line.key}>
              {index > 0 ? ' ' : null}
              <span className={line.className}>{line.text}</span>
            </Fragment>
          ))}
        </p>
      ) : null}
    </div>
  );
});
