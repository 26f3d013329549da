import { SendStories } from '@/features/stories/components/send-stories';

export function Component() {
  return <SendStories />;
}
