// A long settings form (docs/design-system.md "FormSection and FormActions"): each section a row, its
// heading and one sentence on the left (above on a phone) and its fields in a card on the right; the form
// ends with its actions, the main one first and Cancel after it, in a bar that stays in sight at the
// bottom of the window while the form is longer than it.
import { type ReactNode, useId } from 'react';
import { paths } from '@/config/paths';
import { ButtonLink } from './button';
import './form-section.css';

export function FormSection({
  title,
  lead,
  busy = false,
  children,
}: {
  title: string;
  lead: string;
  /** True while the section's fields are still loading (they show as skeletons meanwhile). */
  busy?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="form-section" aria-labelledby={headingId} aria-busy={busy || undefined}>
      <div className="form-section__head">
        <h2 id={headingId} className="form-section__title">
          {title}
        </h2>
        <p className="form-section__lead">{lead}</p>
      </div>
      <div className="form-section__body">{children}</div>
    </section>
  );
}

/**
 * The form's buttons, then Cancel, which leaves without saving (to `cancelTo`, the projects by default).
 * `sticky`: a bar at the bottom of the window for as long as the form goes on below it.
 */
export function FormActions({
  children,
  cancelTo = paths.admin.index,
  sticky = false,
}: {
  children: ReactNode;
  cancelTo?: string;
  sticky?: boolean;
}) {
  return (
    <div className={sticky ? 'form-panel__actions form-actions--sticky' : 'form-panel__actions'}>
      {children}
      <ButtonLink to={cancelTo} variant="secondary">
        Cancel
      </ButtonLink>
    </div>
  );
}

/**
 * A field whose value is still loading: its label and hint as the field will show them, a grey shape of the
 * control's size in between (`chips`: a ChipInput's row and one address; `text`: a read-only value's line), so nothing moves when it comes.
 * Hidden from assistive technology: the section says it is busy.
 */
export function FieldSkeleton({
  label,
  hint,
  control = 'input',
}: {
  label: string;
  hint?: string;
  control?: 'input' | 'select' | 'textarea' | 'chips' | 'text';
}) {
  return (
    <div className="field" aria-hidden="true">
      <span className="field__label">{label}</span>
      {control === 'chips' ? (
        <span className="skeleton-row">
          <span className="skeleton skeleton--input" />
          <span className="skeleton skeleton--input skeleton--square" />
        </span>
      ) : (
        <span className={`skeleton skeleton--${control}`} />
      )}
      {hint ? <span className="field__hint">{hint}</span> : null}
      {control === 'chips' ? <span className="skeleton skeleton--chip" /> : null}
    </div>
  );
}
