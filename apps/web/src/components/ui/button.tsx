// Buttons of the design system (docs/design-system.md "Button"): one primary action per screen part,
// secondary and outline for the others, ghost inside dense rows, danger for destructive confirmations,
// danger-outline for an action that destroys after a confirmation.
// ButtonLink is a router link that looks like a button (for actions that open another screen).
import type { ButtonHTMLAttributes, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import './button.css';

type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'danger-outline';

interface ButtonLook {
  variant?: ButtonVariant;
  /** "small" for actions inside table rows and cards. */
  size?: 'medium' | 'small';
  /** Full width (e.g. a form's only action on a phone). */
  block?: boolean;
}

/** The class names of a button with this look, e.g. "button button--primary button--small". */
function buttonClass({ variant = 'secondary', size = 'medium', block = false }: ButtonLook = {}): string {
  return [
    'button',
    `button--${variant}`,
    size === 'small' ? 'button--small' : '',
    block ? 'button--block' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant,
  size,
  block,
  type = 'button',
  className,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> &
  ButtonLook & { type?: 'button' | 'submit' | 'reset'; ref?: Ref<HTMLButtonElement> }) {
  const look = buttonClass({ variant, size, block });
  return <button type={type} className={className ? `${look} ${className}` : look} {...props} />;
}

export function ButtonLink({ variant, size, block, className, ...props }: LinkProps & ButtonLook) {
  const look = buttonClass({ variant, size, block });
  return <Link className={className ? `${look} ${className}` : look} {...props} />;
}
