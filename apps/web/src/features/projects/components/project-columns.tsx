// The cells of a project in the list: key (and site), the name as a link to the send screen with the
// client review as coloured pills (a link to the project's review status, whose chips count the same
// stories), the auto-send switch, and the actions: `Send stories` first and visible, the rest (Update,
// Review status, Delete) in the row menu.
import type { Project } from '@handoff/core/api';
import { memo } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ReviewSummaries } from '@/api/review';
import { MoreVerticalIcon } from '@/components/ui/admin-icons';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { MenuButton } from '@/components/ui/menu-button';
import { paths, projectHref } from '@/config/paths';
import { AutosendCell } from './autosend-cell';

const sendHref = (project: Project) =>
  projectHref(paths.admin.sendStories, project.projectKey, project.siteId);

export function projectColumns({
  reviews,
  mayManage,
  now,
  onToggleAutosend,
  onDelete,
}: {
  reviews: ReviewSummaries;
  /** Whether the menu offers what only owners may do. */
  mayManage: boolean;
  now: Date;
  onToggleAutosend: (project: Project, autosend: boolean) => void;
  onDelete: (project: Project) => void;
}): Array<Column<Project>> {
  return [
    {
      header: 'Project key',
      className: 'projects__key',
      cell: (project) => (
        <>
          {project.projectKey}
          {/* The tracker site, for a project of a site other than `default`. */}
          {project.siteId === 'default' ? null : (
            <span className="projects__site"> ({project.siteName})</span>
          )}
        </>
      ),
    },
    {
      header: 'Project name',
      className: 'projects__name-cell',
      cell: (project) => <ProjectName project={project} summary={reviews[project.projectKey]} />,
    },
    {
      header: 'Auto send email',
      className: 'projects__autosend',
      cell: (project) => <AutosendCell project={project} now={now} onToggle={onToggleAutosend} />,
    },
    {
      header: 'Actions',
      hideHeader: true,
      className: 'projects__actions',
      cell: (project) => <ProjectActions project={project} mayManage={mayManage} onDelete={onDelete} />,
    },
  ];
}

// The cells below are memoised: a render of the list for another reason (the workspace's role arriving,
// a toggle in another row) leaves the rows whose project and review are the same alone.

const ProjectName = memo(function ProjectName({
  project,
  summary,
}: {
  project: Project;
  summary: ReviewSummaries[string] | undefined;
}) {
  return (
    <>
      <Link to={sendHref(project)} className="projects__name">
        {project.projectName}
      </Link>
      <ReviewPills project={project} summary={summary} />
    </>
  );
});

const ProjectActions = memo(function ProjectActions({
  project,
  mayManage,
  onDelete,
}: {
  project: Project;
  mayManage: boolean;
  onDelete: (project: Project) => void;
}) {
  const navigate = useNavigate();
  return (
    <div className="projects__action-bar">
      <ButtonLink to={sendHref(project)} variant="outline" size="small">
        Send stories <span className="visually-hidden">for {project.projectKey}</span>
      </ButtonLink>
      <MenuButton
        label={`Actions for ${project.projectKey}`}
        content={<MoreVerticalIcon />}
        entries={[
          // Members fetch and send; changing addresses and deleting are the owners'.
          ...(mayManage
            ? [
                {
                  label: 'Update',
                  onSelect: () =>
                    navigate(projectHref(paths.admin.editProject, project.projectKey, project.siteId)),
                },
              ]
            : []),
          { label: 'Send stories to client', onSelect: () => navigate(sendHref(project)) },
          {
            label: 'Review status',
            onSelect: () => navigate(projectHref(paths.admin.reviewStatus, project.projectKey)),
          },
          // The destructive entry last, away from the everyday ones.
          ...(mayManage ? [{ label: 'Delete', onSelect: () => onDelete(project) }] : []),
        ]}
      />
    </div>
  );
});

/** The states worth a pill, the ones that ask for action first; the words as the review status says them. */
const PILLS = [
  { state: 'failed', word: 'failed', tone: 'danger' },
  { state: 'overdue', word: 'overdue', tone: 'danger' },
  { state: 'retest', word: 're-test', tone: 'info' },
  { state: 'waiting', word: 'waiting', tone: 'neutral' },
  { state: 'passed', word: 'passed', tone: 'success' },
] as const;

/**
 * A project's client review at a glance as pills ("2 failed", "3 re-test", "4 passed"), leading to its review
 * status; nothing before its first notice.
 */
function ReviewPills({
  project,
  summary,
}: {
  project: Project;
  summary: ReviewSummaries[string] | undefined;
}) {
  const shown = PILLS.filter((pill) => (summary?.[pill.state] ?? 0) > 0);
  if (!summary || shown.length === 0) return null;
  return (
    <Link className="projects__review" to={projectHref(paths.admin.reviewStatus, project.projectKey)}>
      <span className="visually-hidden">Client review: </span>
      {shown.map((pill) => (
        <Badge key={pill.state} tone={pill.tone}>
          {summary[pill.state]} {pill.word}
        </Badge>
      ))}
    </Link>
  );
}
