// The edit screen's "Test environment" (README, "What and where to test"): where the client tests, e.g.
// `https://staging.example.com, build 1.4.2`. Each notice names it on its own line before the review link;
// empty: nothing is added.
import { useId } from 'react';
import { FieldSkeleton } from '@/components/ui/form-section';

const TEST_ENVIRONMENT_HINT = 'Where the client tests. Optional.';

/** As the API allows (packages/core/src/api/review.ts). */
const MAX_TEST_ENVIRONMENT = 500;

export function TestEnvironmentField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Test environment
      </label>
      <input
        id={id}
        type="text"
        className="field__input"
        value={value}
        maxLength={MAX_TEST_ENVIRONMENT}
        placeholder="https://staging.example.com, build 1.4.2"
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="field__hint">
        {TEST_ENVIRONMENT_HINT}
      </p>
    </div>
  );
}

export const TestEnvironmentSkeleton = () => (
  <FieldSkeleton label="Test environment" hint={TEST_ENVIRONMENT_HINT} />
);
