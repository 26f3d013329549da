// The edit screen's sections (the titles and sentences the form and its loading frame share), and that
// frame: while the project loads, every section with grey shapes of its fields' sizes, so nothing moves
// when the form takes its place.

import { FieldSkeleton, FormActions, FormSection } from '@/components/ui/form-section';
import { ProgressBar } from '@/components/ui/progress-bar';
import { AutosendFieldSkeleton } from './autosend-field';
import { ClientReviewSkeleton } from './client-review-fields';
import { GroupBySelectSkeleton } from './group-by-select';
import { RecipientFieldsSkeleton } from './recipient-fields';
import { StatusesOfferedSkeleton } from './statuses-offered';

export const SECTIONS = {
  project: {
    title: 'Project',
    lead: 'From the tracker; read-only.',
  },
  recipients: {
    title: 'Recipients',
    lead: 'Who gets the e-mails.',
  },
  tracker: {
    title: 'Tracker',
    lead: 'Which stories are offered, and how they are grouped.',
  },
  clientReview: {
    title: 'Client review',
    lead: 'What the client reads, and what their answers do.',
  },
  autosend: {
    title: 'Auto-send',
    lead: 'E-mail new stories on a schedule.',
  },
} as const;

export function EditProjectSkeleton() {
  return (
    <div className="settings-form">
      <FormSection {...SECTIONS.project} busy>
        <div className="form-section__progress">
          <ProgressBar label="Loading the project" />
        </div>
        <div className="form-panel__row">
          <FieldSkeleton label="Project Name" />
          <FieldSkeleton label="Project Key" />
        </div>
      </FormSection>
      <FormSection {...SECTIONS.recipients} busy>
        <RecipientFieldsSkeleton />
      </FormSection>
      <FormSection {...SECTIONS.tracker} busy>
        <StatusesOfferedSkeleton />
        <GroupBySelectSkeleton />
      </FormSection>
      <FormSection {...SECTIONS.clientReview} busy>
        <ClientReviewSkeleton />
      </FormSection>
      <FormSection {...SECTIONS.autosend} busy>
        <AutosendFieldSkeleton />
      </FormSection>
      <FormActions sticky>
        <button type="button" className="button button--primary" disabled>
          Update Project
        </button>
      </FormActions>
    </div>
  );
}
