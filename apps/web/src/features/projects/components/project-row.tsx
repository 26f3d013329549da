// One row of the project list: key, name with the client review at a glance, the auto-send switch, and the
// row menu (Update, Delete, Send stories to client, Review status).
import type { Project } from '@handoff/core/api';
import { useNavigate } from 'react-router';
import { MoreVerticalIcon } from '@/components/ui/icons';
import { MenuButton } from '@/components/ui/menu-button';
import { paths, projectHref } from '@/config/paths';
import { AutosendCell } from './autosend-cell';

export function ProjectRow({
  project,
  reviewText,
  mayManage,
  onToggleAutosend,
  onDelete,
}: {
  project: Project;
  /** The client review's summary, e.g. "2 failed · 3 passed · 4 waiting"; empty when none. */
  reviewText: string;
  /** Whether the menu offers what only owners may do. */
  mayManage: boolean;
  onToggleAutosend: (project: Project, autosend: boolean) => void;
  onDelete: (project: Project) => void;
}) {
  const navigate = useNavigate();
  return (
    <tr>
      <td className="projects__key">
        {project.projectKey}
        {/* The Jira site, for a project of a site other than `default`. */}
        {project.siteId === 'default' ? null : <span className="projects__site"> ({project.siteName})</span>}
      </td>
      <td>
        {project.projectName}
        <ReviewSummary text={reviewText} />
      </td>
      <td>
        <AutosendCell project={project} onToggle={onToggleAutosend} />
      </td>
      <td className="table__actions">
        <MenuButton
          label={`Actions for ${project.projectKey}`}
          content={<MoreVerticalIcon />}
          entries={[
            // Members fetch and send; adding, changing addresses and deleting are the owners'.
            ...(mayManage
              ? [
                  {
                    label: 'Update',
                    onSelect: () =>
                      navigate(projectHref(paths.admin.editProject, project.projectKey, project.siteId)),
                  },
                  { label: 'Delete', onSelect: () => onDelete(project) },
                ]
              : []),
            {
              label: 'Send stories to client',
              onSelect: () =>
                navigate(projectHref(paths.admin.sendStories, project.projectKey, project.siteId)),
            },
            {
              label: 'Review status',
              onSelect: () => navigate(projectHref(paths.admin.reviewStatus, project.projectKey)),
            },
          ]}
        />
      </td>
    </tr>
  );
}

/** A project's client review at a glance, e.g. "2 failed · 3 passed · 4 waiting"; nothing when none. */
function ReviewSummary({ text }: { text: string }) {
  if (!text) return null;
  return (
    <span className="projects__review">
      <span className="visually-hidden">Client review: </span>
      {text}
    </span>
  );
}
