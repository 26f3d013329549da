// The "Auto send email" cell: the switch, and under it the server's auto-send status when it sends one
// ("Next run 14:05", "Last sent automatically 13:50", or the last run's error in red). The status is the switch's accessible description.
import { useId } from 'react';
import { Switch } from '@/components/ui/switch';
import { formatRunTime } from '@/lib/format';
import type { Project } from '@/types/api';

export function AutosendCell({
  project,
  onToggle,
}: {
  project: Project;
  onToggle: (project: Project, autosend: boolean) => void;
}) {
  const infoId = useId();
  const status = project.autosendStatus;
  const nextRun = project.autosend ? formatRunTime(status?.nextRunAt) : '';
  const lastError = status?.lastError ?? '';
  const lastSent = formatRunTime(status?.lastSentAt);
  const hasInfo = nextRun !== '' || lastError !== '' || lastSent !== '';

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
          {nextRun && lastSent ? ' ' : null}
          {lastSent ? <span className="autosend__last">Last sent automatically {lastSent}</span> : null}
          {(nextRun || lastSent) && lastError ? ' ' : null}
          {lastError ? <span className="autosend__error">Last run failed: {lastError}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
