// The e-mail's optional attachment: the design system's FileDropZone, then the chosen file's name and size
// with a Remove button. A file over the server's limit (MAX_ATTACHMENT_MB, from /config.json) is refused
// here with a message, before anything is sent.
import { type RefObject, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FileDropZone } from '@/components/ui/file-drop-zone';
import { formatFileSize } from '@/lib/format';
import { useServices } from '@/lib/services';

export function AttachmentField({
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
  const [tooLarge, setTooLarge] = useState<string | null>(null);

  const choose = (chosen: File | undefined) => {
    if (chosen && chosen.size > maxBytes) {
      setTooLarge(
        `${chosen.name} is ${formatFileSize(chosen.size)}: attachments may be up to ${formatFileSize(maxBytes)}. Choose a smaller file.`,
      );
      onFile(null);
      return;
    }
    setTooLarge(null);
    onFile(chosen ?? null);
  };

  const remove = () => {
    setTooLarge(null);
    onFile(null);
    inputRef.current?.focus();
  };

  return (
    <div className="field">
      <FileDropZone
        label="Attachment"
        hint={`Optional. One file, up to ${formatFileSize(maxBytes)}.`}
        error={tooLarge}
        inputRef={inputRef}
        onFiles={(files) => choose(files[0])}
      />
      {file ? (
        <p className="attachment">
          <span className="attachment__name">{file.name}</span>
          <span className="attachment__size">{formatFileSize(file.size)}</span>
          <Button variant="outline" size="small" aria-label={`Remove ${file.name}`} onClick={remove}>
            Remove
          </Button>
        </p>
      ) : null}
    </div>
  );
}
