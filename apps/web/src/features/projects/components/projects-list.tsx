// /admin/index — "Projects" (docs/product.md §2): the user's projects, 10 a page, each with the auto-send switch and a
// row menu (Update, Delete, Send stories to client). The list lives in client state (docs/product.md §3) and is
// loaded on mount with the loaded user's id; a load failure shows a browser alert with the server's error.
import { texts } from '@handoff/core';
import type { Project } from '@handoff/core/api';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteProject, getProjects } from '@/api/projects';
import { getReviewSummaries, type ReviewSummaries, reviewSummaryText } from '@/api/review';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppDispatch, useAppState } from '@/stores/app-store';
import { useMayManageProjects } from '@/stores/workspace-switch';
import { useAutosendToggle } from '../hooks/use-autosend-toggle';
import { ProjectRow } from './project-row';
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
  const toggleAutosend = useAutosendToggle(userId);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    setLoading(true);
    getProjects(api, userId)
      .then((list) => {
        if (active) dispatch({ type: 'SET_PROJECTS', projects: list });
      })
      .catch((error: unknown) => {
        if (active && !isSessionEnded(error)) window.alert(errorMessage(error));
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [api, userId, dispatch]);

  // The clients' answers per project (the client review). Secondary to the list: a failure leaves them out quietly.
  useEffect(() => {
    if (!userId) return;
    let active = true;
    getReviewSummaries(api, userId).then(
      (summaries) => {
        if (active) setReviews(summaries);
      },
      () => {},
    );
    return () => {
      active = false;
    };
  }, [api, userId]);

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

  return (
    <section className="page" aria-labelledby="projects-heading">
      <div className="page__header">
        <h1 id="projects-heading" className="page__title">
          Projects
        </h1>
        {mayManage ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => navigate(paths.admin.addProject)}
          >
            Add new
          </button>
        ) : null}
      </div>
      <div className="table-wrap">
        <table className="table projects-table" aria-labelledby="projects-heading" aria-busy={loading}>
          <thead>
            <tr>
              <th scope="col">Project key</th>
              <th scope="col">Project name</th>
              <th scope="col">Auto send email</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="table__empty">
                  {loading ? 'Loading projects...' : 'No projects yet.'}
                </td>
              </tr>
            ) : (
              rows.map((project) => (
                <ProjectRow
                  key={`${project.siteId}/${project.projectKey}`}
                  project={project}
                  reviewText={reviewSummaryText(reviews[project.projectKey])}
                  mayManage={mayManage}
                  onToggleAutosend={toggleAutosend}
                  onDelete={setToDelete}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
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
