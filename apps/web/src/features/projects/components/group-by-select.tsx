// The edit screen's "Group stories by" (main README, "Grouped stories"): Nothing (one flat list), the story's
// Epic or its Type; the draft, the notice, the client's review page and the status screen group by it.
import { GROUP_BY, GROUP_BY_NAMES, type GroupBy } from '@handoff/core/story-groups';
import { useId } from 'react';
import { FieldSkeleton } from '@/components/ui/form-section';

// One sentence for every tracker (the site's kind arrives after the form: a hint that changed with it would
// move the sections under it).
const GROUP_BY_HINT = 'Stories without an epic or type come last, under Other.';

export function GroupBySelect({ value, onChange }: { value: GroupBy; onChange: (value: GroupBy) => void }) {
  const id = useId();
  const hint = `${id}-hint`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Group stories by
      </label>
      <select
        id={id}
        className="field__input"
        aria-describedby={hint}
        value={value}
        onChange={(event) => onChange(event.target.value as GroupBy)}
      >
        {GROUP_BY.map((choice) => (
          <option key={choice} value={choice}>
            {GROUP_BY_NAMES[choice]}
          </option>
        ))}
      </select>
      <p id={hint} className="field__hint">
        {GROUP_BY_HINT}
      </p>
    </div>
  );
}

export const GroupBySelectSkeleton = () => (
  <FieldSkeleton label="Group stories by" hint={GROUP_BY_HINT} control="select" />
);
