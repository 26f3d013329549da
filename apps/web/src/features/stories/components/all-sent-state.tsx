// What the send screen shows instead of its form when every story a fetch found was already sent: there is
// nothing to e-mail, so no empty form invites a send, and the sentence says what to do next.
export function AllSentState({ status }: { status: string }) {
  return (
    <div className="all-sent" role="status">
      <p className="all-sent__title">All of these stories were already sent.</p>
      <p className="all-sent__next">
        Nothing in {status} is left to e-mail. Choose another status and press “Get User Stories”, or use
        “Offer again” on a story in the Sent history below to send it for a re-test.
      </p>
    </div>
  );
}
