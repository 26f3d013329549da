import { Sites } from '@/features/sites/components/sites';

export function Component() {
  return <Sites />;
}
