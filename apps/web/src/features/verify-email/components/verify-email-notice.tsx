// The admin area's notice while the account's address is not verified: every call but the profile is
// refused until the e-mailed link is opened. `Send the link again` asks for a new one (rate-limited).
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useServices } from '@/lib/services';
import { needsVerification, sendVerificationLink } from '../api/verify-email';

type Sending = 'idle' | 'sending' | 'sent' | 'failed';

export function VerifyEmailNotice() {
  const { config, session } = useServices();
  const [unverified, setUnverified] = useState(false);
  const [sending, setSending] = useState<Sending>('idle');

  useEffect(() => {
    let live = true;
    void session
      .getValidToken()
      .then((token) => (token ? needsVerification(config, token) : false))
      .then((needed) => live && setUnverified(needed))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [config, session]);

  if (!unverified) return null;

  const sendAgain = async () => {
    setSending('sending');
    try {
      const token = await session.getValidToken();
      if (!token) throw new Error('signed out');
      await sendVerificationLink(config, token);
      setSending('sent');
    } catch {
      setSending('failed');
    }
  };

  return (
    <div className="callout callout--warning" role="alert">
      <p className="callout__title">Please verify your e-mail address first. We sent you a link.</p>
      <p>Open the link in that e-mail; until then Handoff can only show your profile.</p>
      {sending === 'sent' ? <p role="status">We sent you a new link.</p> : null}
      {sending === 'failed' ? <p role="status">The link could not be sent. Try again later.</p> : null}
      <Button
        variant="primary"
        size="small"
        disabled={sending === 'sending'}
        onClick={() => void sendAgain()}
      >
        Send the link again
      </Button>
    </div>
  );
}
