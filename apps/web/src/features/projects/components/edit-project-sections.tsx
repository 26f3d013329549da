// The edit screen's sections (the titles and sentences the form and its loading frame share), and that
// frame: while the project loads, every section with grey shapes of its fields' sizes, so nothing moves
// when the form takes its place.

import { useId } from 'react';
import { FieldSkeleton, FormActions, FormSection } from '@/components/ui/form-section';
import { ProgressBar } from '@/components/ui/progress-bar';
import { AutosendFieldSkeleton } from './autosend-field';
import { ClientReviewSkeleton, EmailTemplateSkeleton } from './client-review-fields';
import { GroupBySelectSkeleton } from './group-by-select';
import { RecipientFieldsSkeleton } from './recipient-fields';
import { ReviewTransitionsSkeleton } from './review-transitions';
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
    lead: 'The stories offered, how they are grouped, and what a verdict does.',
  },
  clientReview: {
    title: 'Client review',
    lead: 'Where and when the client tests, and in which language.',
  },
  emailTemplate: {
    title: 'E-mail template',
    lead: "What the client's e-mail says.",
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
          <FieldSkeleton label="Project Name" control="text" />
          <FieldSkeleton label="Project Key" control="text" />
        </div>
      </FormSection>
      <FormSection {...SECTIONS.recipients} busy>
        <RecipientFieldsSkeleton />
      </FormSection>
      <FormSection {...SECTIONS.tracker} busy>
        <div className="form-section__part">
          <StatusesOfferedSkeleton />
          <GroupBySelectSkeleton />
        </div>
        <div className="form-section__part">
          <ReviewTransitionsSkeleton />
        </div>
      </FormSection>
      <FormSection {...SECTIONS.clientReview} busy>
        <ClientReviewSkeleton />
      </FormSection>
      <FormSection {...SECTIONS.emailTemplate} busy>
        <EmailTemplateSkeleton projectName="" />
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

/**
 * The project's name and key, from the tracker and read-only (docs/product.md §2): as text under their
 * labels, the key as the grey chip it is everywhere else, not as greyed inputs.
 */
export function ProjectFacts({ name, projectKey }: { name: string; projectKey: string }) {
  const id = useId();
  return (
    <div className="form-panel__row">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          Project Name
        </label>
        <output id={`${id}-name`} className="field__text">
          {name}
        </output>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-key`}>
          Project Key
        </label>
        <output id={`${id}-key`} className="field__text">
          <span className="page__key">{projectKey}</span>
        </output>
      </div>
    </div>
  );
}
