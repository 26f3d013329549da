// The edit screen's `Client language`: the language everything the client reads is written in (the
// default draft, the notice, its reminders, the review page). Each language is listed by its own name.
import { CLIENT_LANGUAGE_NAMES, CLIENT_LANGUAGES, type ClientLanguage } from '@handoff/core/client-language';
import { useId } from 'react';
import { FieldSkeleton } from '@/components/ui/form-section';

const LABEL = 'Client language';

export function ClientLanguageSelect({
  value,
  onChange,
}: {
  value: ClientLanguage;
  onChange: (language: ClientLanguage) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {LABEL}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value as ClientLanguage)}
      >
        {CLIENT_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {CLIENT_LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}

export const ClientLanguageSkeleton = () => <FieldSkeleton label={LABEL} control="select" />;
