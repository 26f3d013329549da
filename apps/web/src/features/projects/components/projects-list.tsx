// /admin/index — "Projects" (docs/product.md §2): the user's projects, 10 a page, each with `Send stories`, the
// auto-send switch and a row menu (Update, Send stories to client, Review status, Delete); with none yet, no
// table (no column headers over nothing) but an empty state that says what a project is, with the page's one
// `Add new` (the header's is left out meanwhile). The list lives in client state (docs/product.md §3) and is
// loaded on mount with the loaded user's id; a load failure shows a browser alert with the server's error.
import { texts } from '@handoff/core';
import type { Project } from '@handoff/core/api';
import { startTransition, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteProject, loadProjectsScreen } from '@/api/projects';
import type { ReviewSummaries } from '@/api/review';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Svg } from '@/components/ui/icons';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppDispatch, useAppState } from '@/stores/app-store';
import { useMayManageProjects, useWorkspaceSwitch } from '@/stores/workspace-switch';
import { useAutosendToggle } from '../hooks/use-autosend-toggle';
import { setProjectsListEmpty } from '../hooks/use-list-empty';
import { useNow } from '../hooks/use-now';
import { projectColumns } from './project-columns';
import { projectsHeadingId } from './projects-header';
import './projects.css';

/** docs/product.md §9: project list page size. */
const PAGE_SIZE = 10;

export function ProjectsList() {
  const { api } = useServices();
  const { user, projects } = useAppState();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(true);
  const [page, setPage] = useState(0);
  const [toDelete, setToDelete] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [reviews, setReviews] = useState<ReviewSummaries>({});
  const userId = user?.id;
  const mayManage = useMayManageProjects();
  const { roleKnown } = useWorkspaceSwitch();
  const toggleAutosend = useAutosendToggle(userId);
  const now = useNow();

  // The projects and their client reviews arrive together and are rendered once, in a transition: React
  // renders the rows in slices, yielding to the browser, rather than in one long task.
  useEffect(() => {
    if (!userId) return;
    let active = true;
    setLoading(true);
    loadProjectsScreen(api, userId).then(
      (loaded) => {
        if (!active) return;
        startTransition(() => {
          dispatch({ type: 'SET_PROJECTS', projects: loaded.projects });
          setReviews(loaded.reviews);
          setLoading(false);
        });
      },
      (error: unknown) => {
        if (!active) return;
        if (!isSessionEnded(error)) window.alert(errorMessage(error));
        setLoading(false);
      },
    );
    return () => {
      active = false;
    };
  }, [api, userId, dispatch]);

  // Built again only when what the cells show changes; the cells themselves are memoised per project.
  const columns = useMemo(
    () =>
      projectColumns({ reviews, mayManage, now, onToggleAutosend: toggleAutosend, onDelete: setToDelete }),
    [reviews, mayManage, now, toggleAutosend],
  );

  // Loaded and empty: the empty state, with its `Add new`, replaces the table, and the header drops its own.
  const isEmpty = !loading && projects.length === 0;
  // Before the browser paints (and before any script can look): never both buttons, never neither.
  useLayoutEffect(() => {
    setProjectsListEmpty(isEmpty);
  }, [isEmpty]);
  useLayoutEffect(() => () => setProjectsListEmpty(false), []);

  const pageCount = Math.ceil(projects.length / PAGE_SIZE);
  const current = Math.min(page, Math.max(0, pageCount - 1));
  const rows = projects.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);

  const confirmDelete = async () => {
    if (!toDelete || !userId) return;
    setDeleting(true);
    try {
      await deleteProject(api, userId, toDelete.projectKey, toDelete.siteId);
      setToDelete(null);
      // docs/product.md §2: after deletion the list in client state is cleared and the user is sent to "/".
      dispatch({ type: 'CLEAR_PROJECTS' });
      navigate(paths.root);
    } catch (error) {
      setToDelete(null);
      if (!isSessionEnded(error)) window.alert(errorMessage(error));
    } finally {
      setDeleting(false);
    }
  };

  // Shown with the role (the naming hint above it depends on it): nothing moves once painted. The heading
  // and `Add new` are the page's lead (ProjectsHeader), shown by the shell from the first paint on.
  if (!roleKnown) return null;

  return (
    <section className="page" aria-labelledby={projectsHeadingId}>
      {/* While the projects load, the table's columns already show (the header's `Add new` is the call to
          action); once they are known to be none, the empty state stands alone, with no headers over it. */}
      {isEmpty ? (
        <NoProjects mayManage={mayManage} />
      ) : (
        <DataTable
          labelledBy={projectsHeadingId}
          className="projects-table"
          busy={loading}
          empty="Loading projects..."
          rows={rows}
          rowKey={(project) => `${project.siteId}/${project.projectKey}`}
          columns={columns}
        />
      )}
      {pageCount > 1 ? (
        <Pagination pageCount={pageCount} selected={current} onPageChange={setPage} label="Projects pages" />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        message={texts.deleteProject.confirm}
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

/** A folder, as the sidebar draws Projects. */
const FolderIcon = () => (
  <Svg>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
  </Svg>
);

/** The empty list: what a project is, and `Add new`, the page's one primary while the list is empty. */
function NoProjects({ mayManage }: { mayManage: boolean }) {
  const navigate = useNavigate();
  return mayManage ? (
    <EmptyState
      title="No projects yet"
      icon={<FolderIcon />}
      action={
        // A button, as the header's (docs/product.md calls `Add new` a button).
        <Button variant="primary" onClick={() => navigate(paths.admin.addProject)}>
          Add new
        </Button>
      }
    >
      A project connects a project of your tracker (Jira, GitHub or Linear) to the client who tests its
      finished stories.
    </EmptyState>
  ) : (
    <EmptyState title="No projects yet" icon={<FolderIcon />}>
      The workspace's owners add projects; each one they add appears here for you to send stories from.
    </EmptyState>
  );
}
