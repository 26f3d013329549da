import { ReviewStatus } from '@/features/review-status/components/review-status';

export function Component() {
  return <ReviewStatus />;
}
