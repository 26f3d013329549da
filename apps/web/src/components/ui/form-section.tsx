// A long form's parts (docs/design-system.md "Form sections"): each section a heading, one sentence on what
// it holds, and its fields; the form ends with its actions, the main one first and Cancel after it.
import { type ReactNode, useId } from 'react';
import { paths } from '@/config/paths';
import { ButtonLink } from './button';

export function FormSection({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="form-section" aria-labelledby={headingId}>
      <div className="form-section__head">
        <h2 id={headingId} className="form-section__title">
          {title}
        </h2>
        <p className="form-section__lead">{lead}</p>
      </div>
      {children}
    </section>
  );
}

/** The form's buttons, then Cancel, which leaves without saving (to `cancelTo`, the projects by default). */
export function FormActions({
  children,
  cancelTo = paths.admin.index,
}: {
  children: ReactNode;
  cancelTo?: string;
}) {
  return (
    <div className="form-panel__actions">
      {children}
      <ButtonLink to={cancelTo} variant="secondary">
        Cancel
      </ButtonLink>
    </div>
  );
}
