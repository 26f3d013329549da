// Long e-mail addresses and URLs on narrow screens (docs/design-system.md "BreakableText"): they may
// break after "@", ".", "/" and ",", and nowhere else, so "dana@acme-studio.test" never becomes
// "dana@acm e-studio.test". Screen readers and copy-paste see the plain text (<wbr> adds none).
import { Fragment } from 'react';

export function BreakableText({ text }: { text: string }) {
  const parts = text.split(/(?<=[@./,])/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
