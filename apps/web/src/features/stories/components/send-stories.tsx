// /admin/send-stories?key={projectKey} (docs/product.md §2, §4, §5, §8): a new e-mail of the project's stories
// (SendCompose, in three steps) and, on its own tab, the project's Sent history. `?tab=sent` opens the
// history (the bell's links to a failed auto-send land there).
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ProjectLoadStatus, useProjectFromUrl } from '@/api/use-project-from-url';
import { ResultDialog, useResultDialog } from '@/components/ui/result-dialog';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useAppState } from '@/stores/app-store';
import type { SentNotice } from '../hooks/use-send-notice';
import { SendCompose } from './send-compose';
import { SendHistory } from './send-history';
import { SentDialog } from './sent-dialog';
import './stories.css';
// After stories.css: its parts refine the story list's base rules.
import './send-form.css';

type Tab = 'new' | 'sent';

/** The selected tab, kept in the URL (`?tab=sent`) so it survives a reload and can be linked to. */
function useTab(): [Tab, (tab: Tab) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'sent' ? 'sent' : 'new';
  const select = (next: Tab) =>
    setSearchParams(
      (params) => {
        if (next === 'sent') params.set('tab', 'sent');
        else params.delete('tab');
        return params;
      },
      { replace: true },
    );
  return [tab, select];
}

/** `notice`: a one-line notice under the title and tabs (the route passes the hint to name the workspace). */
export function SendStories({ notice }: { notice?: ReactNode }) {
  const { user } = useAppState();
  const dialog = useResultDialog();
  const { project, setProject, loadState, reload } = useProjectFromUrl(dialog.show);
  const [tab, setTab] = useTab();
  const [historyVersion, setHistoryVersion] = useState(0);
  const [sent, setSent] = useState<SentNotice | null>(null);
  const userId = user?.id;

  return (
    <section className="page send-stories" aria-labelledby="send-stories-heading">
      <div className="page__header">
        <div className="page__lead">
          <h1 id="send-stories-heading" className="page__title">
            Send stories to client
          </h1>
          {project ? (
            <p className="page__intro">
              {project.projectName} <span className="page__key">{project.projectKey}</span>
            </p>
          ) : null}
        </div>
        <Link to={paths.admin.index}>Back to projects</Link>
      </div>

      <ProjectLoadStatus loadState={loadState} />

      {project && userId ? (
        <Tabs
          label="E-mails of stories"
          tabs={[
            { value: 'new', label: 'New e-mail' },
            { value: 'sent', label: 'Sent' },
          ]}
          selected={tab}
          onSelect={setTab}
        >
          {/* The draft stays while the history is looked at: the new e-mail is only hidden. */}
          <div hidden={tab !== 'new'}>
            {notice}
            <SendCompose
              userId={userId}
              project={project}
              setProject={setProject}
              reloadProject={reload}
              show={dialog.show}
              confirm={setSent}
              onSent={() => setHistoryVersion((n) => n + 1)}
            />
          </div>
          {tab === 'sent' ? (
            <SendHistory userId={userId} projectKey={project.projectKey} version={historyVersion} />
          ) : null}
        </Tabs>
      ) : null}
      <ResultDialog control={dialog} />
      {sent && project ? (
        <SentDialog
          sent={sent}
          projectKey={project.projectKey}
          siteId={project.siteId}
          onOkay={() => {
            setSent(null);
            // The e-mail just sent heads the history there.
            setTab('sent');
          }}
          onLeave={() => setSent(null)}
        />
      ) : null}
    </section>
  );
}
