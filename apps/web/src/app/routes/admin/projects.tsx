import { ProjectsHeader } from '@/features/projects/components/projects-header';
import { ProjectsList } from '@/features/projects/components/projects-list';
import type { PageHandle } from '../../route-table';

export function Component() {
  return <ProjectsList />;
}

export const handle: PageHandle = { Lead: ProjectsHeader };
