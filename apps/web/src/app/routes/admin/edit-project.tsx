import { EditProject } from '@/features/projects/components/edit-project';

export function Component() {
  return <EditProject />;
}
