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

/**
 * E-mail addresses separated by ", ". Each is one unit that moves to the next line whole when it does not fit
 * where it is (so it is never broken where a line has room); only one longer than a whole line breaks, and
 * then after its "@" and dots (BreakableText), never at a hyphen as in "acme-studio".
 */
export function AddressList({ addresses }: { addresses: readonly string[] }) {
  return (
    <span className="address-list">
      {addresses.map((address, index) => (
        <Fragment key={address}>
          {index > 0 ? ', ' : null}
          <span className="address">
            <BreakableText text={address} />
          </span>
        </Fragment>
      ))}
    </span>
  );
}
