// The send screen's new e-mail, in three steps (docs/product.md §2, §4): choose the stories (a status, then
// tick the fetched ones), write the e-mail (its fields appear once stories are fetched), check and send
// (who receives it, an answer-by date, Preview, "Send Email").
import type { Project } from '@handoff/core/api';
import { type ReactNode, useId } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { type IconProps, Svg } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { ResultDialogControl } from '@/components/ui/result-dialog';
import { type SentNotice, useSendNotice } from '../hooks/use-send-notice';
import { useStoryDraft } from '../hooks/use-story-draft';
import { AnswerByField } from './answer-by-field';
import { EmailFields } from './email-fields';
import { FetchedStories, StatusPicker } from './fetch-stories';
import { NoticePreview } from './notice-preview';
import { SendRecipients } from './send-recipients';

const CheckIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Svg>
);

/** A numbered step; `done`: its part is complete, and its circle shows a check in the brand's colour. */
function Step({
  number,
  title,
  done = false,
  children,
}: {
  number: number;
  title: string;
  done?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <li className={`send-step${done ? ' send-step--done' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="send-step__title">
        <span className="send-step__number" aria-hidden="true">
          {done ? <CheckIcon /> : number}
        </span>
        {title}
      </h2>
      <div className="send-step__body">{children}</div>
    </li>
  );
}

export function SendCompose({
  userId,
  project,
  setProject,
  reloadProject,
  show,
  confirm,
  onSent,
}: {
  userId: string;
  project: Project;
  setProject: (project: Project) => void;
  reloadProject: () => void;
  show: ResultDialogControl['show'];
  /** Shows the confirmation of an e-mail sent. */
  confirm: (sent: SentNotice) => void;
  onSent: () => void;
}) {
  const draft = useStoryDraft({ project, setProject, show });
  const notice = useSendNotice({ userId, project, setProject, reloadProject, draft, show, confirm, onSent });
  const recipientsId = useId();
  const drafted = draft.fetchedStatus !== null;
  // The status of a fetch that found stories, every one sent before: nothing to e-mail, so no form either.
  const allSentIn =
    !draft.fetching && draft.projectIssues.length > 0 && draft.offeredIssues.length === 0
      ? draft.fetchedStatus
      : null;
  const ready = drafted && allSentIn === null;

  return (
    <ol className="send-steps">
      <Step number={1} title="Choose the stories" done={ready}>
        <StatusPicker
          choice={draft.storiesOf}
          statuses={project.statusesOffered}
          fetching={draft.fetching}
          onGetStories={draft.getStories}
          primary={!ready}
        />
        {draft.fetching ? <ProgressBar label="Loading user stories" /> : null}
        {drafted && !draft.fetching ? (
          <FetchedStories
            status={draft.fetchedStatus ?? ''}
            issues={draft.projectIssues}
            offered={draft.offeredIssues}
            alreadySent={draft.alreadySent}
            leftOut={draft.leftOut}
            onToggle={draft.setStoryIncluded}
            messageEdited={draft.messageEdited}
          />
        ) : null}
      </Step>
      <Step
        number={2}
        title="Write the e-mail"
        done={ready && draft.subject.trim() !== '' && draft.text.trim() !== ''}
      >
        {allSentIn !== null ? (
          <div role="status">
            <EmptyState title="All of these stories were already sent.">
              Nothing in {allSentIn} is left to e-mail. Choose another status and press “Get User Stories”, or
              use “Offer again” on a story in the Sent tab to send it for a re-test.
            </EmptyState>
          </div>
        ) : ready ? (
          <EmailFields
            subject={draft.subject}
            onSubject={draft.setSubject}
            text={draft.text}
            onText={draft.setText}
            file={notice.file}
            fileInputRef={notice.fileInputRef}
            onFile={notice.setFile}
          />
        ) : (
          <p className="send-step__waiting">Fetch stories to draft the e-mail.</p>
        )}
      </Step>
      <Step number={3} title="Check and send">
        {ready ? (
          <>
            <SendRecipients id={recipientsId} project={project} />
            <AnswerByField
              value={notice.answerBy}
              onChange={(value) => {
                notice.setAnswerBy(value);
                draft.setAnswerBy(value);
              }}
            />
            <div className="form-panel__actions">
              <BusyButton busy={notice.sending} onClick={notice.send} aria-describedby={recipientsId}>
                Send Email
              </BusyButton>
              <NoticePreview
                userId={userId}
                projectKey={project.projectKey}
                text={draft.text}
                issueKeys={draft.draftKeys}
                answerBy={notice.answerBy}
                release={draft.release}
                to={project.clientEmails}
                cc={project.clientCC}
                subject={draft.subject}
                attachment={notice.file?.name ?? null}
                onSend={notice.send}
                sending={notice.sending}
              />
            </div>
          </>
        ) : (
          <p className="send-step__waiting">The recipients show here once the e-mail is drafted.</p>
        )}
        {notice.keptInOutbox ? (
          <p className="form-panel__status" role="status">
            No mail server delivered it: the e-mail was kept in the outbox. Read it in the Sent tab.
          </p>
        ) : null}
      </Step>
    </ol>
  );
}
