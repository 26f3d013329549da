// The e-mail's optional attachment: a drop zone around a real <input type="file">. The input covers the
// zone, invisible, so a click anywhere on it and the keyboard (Tab, then Enter or Space) open the browser's
// own file chooser, and a file dropped anywhere on the zone lands on it (its handlers take the drop). A file over the server's limit (MAX_ATTACHMENT_MB,
// from /config.json) is refused here with a message, before anything is sent.
import { type DragEvent, type RefObject, useId, useState } from 'react';
import { formatFileSize } from '@/lib/format';
import { useServices } from '@/lib/services';

export function AttachmentDropZone({
  file,
  onFile,
  inputRef,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const { config } = useServices();
  const maxBytes = config.maxAttachmentBytes;
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const [tooLarge, setTooLarge] = useState<string | null>(null);

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = (chosen: File | null) => {
    if (chosen && chosen.size > maxBytes) {
      setTooLarge(
        `${chosen.name} is ${formatFileSize(chosen.size)}: attachments may be at most ${formatFileSize(maxBytes)}. Choose a smaller file.`,
      );
      clearInput();
      onFile(null);
      return;
    }
    setTooLarge(null);
    onFile(chosen);
  };

  const onDrop = (event: DragEvent<HTMLInputElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files;
    if (dropped.length === 0) return;
    // Keep the input in step with what was dropped, where the browser allows it.
    if (inputRef.current && dropped.length === 1) {
      try {
        inputRef.current.files = dropped;
      } catch {
        clearInput();
      }
    }
    choose(dropped[0] ?? null);
  };

  const remove = () => {
    clearInput();
    setTooLarge(null);
    onFile(null);
    inputRef.current?.focus();
  };

  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        Attachment
      </label>
      <div className={`drop-zone${dragging ? ' drop-zone--over' : ''}`}>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          className="drop-zone__input"
          aria-describedby={tooLarge ? `${errorId} ${hintId}` : hintId}
          aria-invalid={tooLarge ? true : undefined}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          onDragEnter={() => setDragging(true)}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        />
        <span className="drop-zone__text" aria-hidden="true">
          <span className="drop-zone__action">Choose a file</span> or drop it here
        </span>
      </div>
      {file ? (
        <p className="drop-zone__file">
          <span className="drop-zone__name">{file.name}</span>
          <span className="drop-zone__size">{formatFileSize(file.size)}</span>
          <button
            type="button"
            className="button button--outline"
            aria-label={`Remove ${file.name}`}
            onClick={remove}
          >
            Remove
          </button>
        </p>
      ) : null}
      {tooLarge ? (
        <p id={errorId} className="drop-zone__error" role="alert">
          {tooLarge}
        </p>
      ) : null}
      <p id={hintId} className="form-panel__status">
        Optional: one file sent with the e-mail, at most {formatFileSize(maxBytes)}.
      </p>
    </div>
  );
}
