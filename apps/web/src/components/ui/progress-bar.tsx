// An indeterminate progress bar (a moving stripe), named by `label` for assistive technology
// (docs/design-system.md "Progress bar"). "inline" sits in the page where content will appear; "top" is
// fixed along the top edge of the window, for a whole page that is on its way.
export function ProgressBar({
  label,
  placement = 'inline',
}: {
  label: string;
  placement?: 'inline' | 'top';
}) {
  return (
    <div className={placement === 'top' ? 'page-loader' : 'progress'} role="progressbar" aria-label={label}>
      <div className="progress__bar" />
    </div>
  );
}
