// /admin/index — "Projects" (SPEC §2). For now the heading, "Add new" and the table's columns; the rows,
// the auto-send toggle, the row menu and the pager come with the projects issue.
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function ProjectsList() {
  return (
    <section className="page" aria-labelledby="projects-heading">
      <div className="page__header">
        <h1 id="projects-heading" className="page__title">
          Projects
        </h1>
        <Link className="button button--primary" to={paths.admin.addProject}>
          Add new
        </Link>
      </div>
      <div className="table-wrap">
        <table className="table">
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
            <tr>
              <td colSpan={4} className="table__empty">
                No projects yet.
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
