import { SendStories } from '@/features/stories/components/send-stories';
import { NameWorkspaceHint } from '@/features/team/components/name-workspace-hint';

export function Component() {
  return <SendStories notice={<NameWorkspaceHint inPage />} />;
}
