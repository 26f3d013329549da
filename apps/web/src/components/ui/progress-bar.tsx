/** An indeterminate progress bar (a moving stripe), named by `label` for assistive technology. */
export function ProgressBar({ label }: { label: string }) {
  return (
    <div className="progress" role="progressbar" aria-label={label}>
      <div className="progress__bar" />
    </div>
  );
}
