// The "Auto send email" cell: the switch, and under it the server's auto-send status when it sends one
// ("Next run 14:05 with the Jira token of ada@…", "Last sent automatically 13:50", or the last run's error in red). The status is the switch's accessible description.

import type { Project } from '@handoff/core/api';
import { useId } from 'react';
import { Switch } from '@/components/ui/switch';
import { formatRunTime } from '@/lib/format';

export function AutosendCell({
  project,
  onToggle,
}: {
  project: Project;
  onToggle: (project: Project, autosend: boolean) => void;
}) {
  const infoId = useId();
  const status = project.autosendStatus;
  const nextRun = project.autosend ? formatRunTime(status.nextRunAt) : '';
  const lastError = status.lastError ?? '';
  const lastSent = formatRunTime(status.lastSentAt);
  // Auto-send runs on the Jira token of the member who switched it on.
  const tokenOf = project.autosend ? (status.switchedOnBy ?? '') : '';
  const hasInfo = nextRun !== '' || lastError !== '' || lastSent !== '' || tokenOf !== '';

  return (
    <div className="autosend">
      <Switch
        checked={project.autosend}
        label={`Auto send email for ${project.projectKey}`}
        aria-describedby={hasInfo ? infoId : undefined}
        onChange={(checked) => onToggle(project, checked)}
      />
      {hasInfo ? (
        <p id={infoId} className="autosend__info">
          {nextRun ? <span className="autosend__next">Next run {nextRun}</span> : null}
          {nextRun && tokenOf ? ' ' : null}
          {tokenOf ? <span className="autosend__by">with the Jira token of {tokenOf}</span> : null}
          {(nextRun || tokenOf) && lastSent ? ' ' : null}
          {lastSent ? <span className="autosend__last">Last sent automatically {lastSent}</span> : null}
          {(nextRun || tokenOf || lastSent) && lastError ? ' ' : null}
          {lastError ? <span className="autosend__error">Last run failed: {lastError}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
