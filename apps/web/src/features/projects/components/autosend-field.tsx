// The edit screen's Auto-send card: the project's switch ("Auto send email for {key}", as in the list) with
// its state in words, and what switching it on does.
import { useId } from 'react';
import { Switch } from '@/components/ui/switch';

const AUTOSEND_HINT = 'Sends new stories of the first ticked status. The projects list shows the next run.';

export function AutosendField({
  projectKey,
  checked,
  onChange,
}: {
  projectKey: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = useId();
  return (
    <div className="field">
      <div className="switch-field">
        <Switch
          checked={checked}
          label={`Auto send email for ${projectKey}`}
          aria-describedby={hintId}
          onChange={onChange}
        />
        {/* The switch says its state to assistive technology; this says it to the eye. */}
        <span aria-hidden="true">{checked ? 'On' : 'Off'}</span>
      </div>
      <p id={hintId} className="field__hint">
        {AUTOSEND_HINT}
      </p>
    </div>
  );
}

/** The card while the project loads: a switch-sized shape, and the same sentence. */
export function AutosendFieldSkeleton() {
  return (
    <div className="field" aria-hidden="true">
      <div className="switch-field">
        <span className="skeleton skeleton--switch" />
      </div>
      <p className="field__hint">{AUTOSEND_HINT}</p>
    </div>
  );
}
