// A file drop zone (docs/design-system.md "FileDropZone"): a real <input type="file"> (so the keyboard,
// screen readers and the browser's picker work as everywhere) drawn as a dashed area that also takes
// files dropped on it. The input is hidden visually only; its focus ring is drawn around the whole zone.
import { type DragEvent, type ReactNode, type Ref, useId, useState } from 'react';
import { Svg } from './icons';
import './file-drop-zone.css';

export function FileDropZone({
  label,
  hint,
  accept,
  multiple = false,
  disabled = false,
  error,
  inputRef,
  onFiles,
}: {
  /** The input's name, e.g. "Attachments". */
  label: string;
  /** e.g. "Images or PDFs, up to 10 MB each". */
  hint?: ReactNode;
  /** As the input's accept attribute; dropped files are not filtered by it (check them in onFiles). */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Why the files chosen last were refused (checked in onFiles), in a plain sentence; marks the input invalid. */
  error?: string | null;
  /** The input itself, e.g. to give it the focus back after its file was removed. */
  inputRef?: Ref<HTMLInputElement>;
  /** The files chosen or dropped (only the first one unless `multiple`). */
  onFiles: (files: File[]) => void;
}) {
  const id = useId();
  const [over, setOver] = useState(false);

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length > 0 && !disabled) onFiles(multiple ? files : files.slice(0, 1));
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };

  const className = ['file-drop', over ? 'file-drop--over' : '', disabled ? 'file-drop--disabled' : '']
    .filter(Boolean)
    .join(' ');
  const describedBy = [error ? `${id}-error` : '', `${id}-call`, hint ? `${id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  // The drag handlers are on the whole zone, so a file dropped on any part of it (the input included) counts.
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer extra; the named file input inside is the way in for everyone.
    <div
      className={className}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="file"
        className="file-drop__input"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          take(event.currentTarget.files);
          // Emptied, so choosing the same file again (after removing it) is seen as a change.
          event.currentTarget.value = '';
        }}
      />
      <label htmlFor={`${id}-input`} className="file-drop__zone">
        <Svg className="file-drop__icon">
          <path d="M12 16V4" />
          <path d="M7 9l5-5 5 5" />
          <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
        </Svg>
        <span id={`${id}-label`} className="file-drop__label">
          {label}
        </span>
        <span id={`${id}-call`} className="file-drop__call">
          {multiple ? 'Choose files or drop them here' : 'Choose a file or drop it here'}
        </span>
        {hint ? (
          <span id={`${id}-hint`} className="file-drop__hint">
            {hint}
          </span>
        ) : null}
      </label>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
