// The Projects screen's heading, what the screen is for, and `Add new` for those who may add projects (left
// out while the list is known to be empty: the empty state then holds the page's one `Add new`).
// It is the page's lead (app/route-table.ts, PageHandle): shown from the first paint on, before the
// account has loaded, so it is what admin-index.html shows before the app runs (src/prerender/).
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useMayManageProjects, useWorkspaceSwitch } from '@/stores/workspace-switch';
import { useProjectsListEmpty } from '../hooks/use-list-empty';

export const projectsHeadingId = 'projects-heading';

export function ProjectsHeader() {
  const navigate = useNavigate();
  const mayManage = useMayManageProjects();
  const { roleKnown } = useWorkspaceSwitch();
  const listEmpty = useProjectsListEmpty();
  return (
    <div className="page__lead">
      {/* Keeps its height when `Add new` arrives with the role: nothing under it moves. */}
      <div className="page__header page__header--action">
        <h1 id={projectsHeadingId} className="page__title">
          Projects
        </h1>
        {roleKnown && mayManage && !listEmpty ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => navigate(paths.admin.addProject)}
          >
            Add new
          </button>
        ) : null}
      </div>
      <p className="page__intro">
        Each project sends its client the stories finished in its tracker, ready to test. Choose{' '}
        <strong>Send stories</strong> on a project, or switch on auto-send to send new ones on a schedule.
      </p>
    </div>
  );
}
