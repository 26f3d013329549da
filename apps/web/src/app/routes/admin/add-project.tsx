import { AddProject } from '@/features/projects/components/add-project';

export function Component() {
  return <AddProject />;
}
