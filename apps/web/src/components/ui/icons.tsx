// Inline SVG icons (decorative: always aria-hidden; the control around them carries the name).
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** The 24×24 stroked frame every outline icon here is drawn in (also the shell's menu icons). */
export function Svg({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const CheckCircleIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M7.5 12.5l3 3 6-6.5" />
  </Svg>
);

export const WarningTriangleIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4" />
    <path d="M12 17h.01" />
  </Svg>
);

export const EyeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M1 12s4-7.5 11-7.5S23 12 23 12s-4 7.5-11 7.5S1 12 1 12z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);

export const EyeOffIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M17.9 17.9A10.4 10.4 0 0 1 12 19.5C5 19.5 1 12 1 12a18.6 18.6 0 0 1 5.1-5.9" />
    <path d="M9.9 4.7A9.9 9.9 0 0 1 12 4.5C19 4.5 23 12 23 12a18.7 18.7 0 0 1-2.2 3.2" />
    <path d="M14.1 14.2a3 3 0 0 1-4.3-4.3" />
    <path d="M1 1l22 22" />
  </Svg>
);

export const LogoIcon = (props: IconProps) => (
  <svg viewBox="0 0 32 32" width="1em" height="1em" aria-hidden="true" focusable="false" {...props}>
    <rect width="32" height="32" rx="7" fill="currentColor" />
    <path
      d="M9 16.5l4.5 4.5L23 11.5"
      fill="none"
      stroke="#fff"
      strokeWidth={3.2}
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
