// What the page says instead of showing fields: for a session that is not ready to sign, and
// after the signer finished or declined.

// By the session's state, when the page opens.
export const STATE_MESSAGES = {
  waiting: {
    title: "It is not your turn yet",
    text: "Someone signs this document before you. Open this link again when they have signed.",
  },
  signed: {
    title: "You have signed this document",
    text: "Thank you. It goes on to the other signers; the document is complete when everyone has signed.",
  },
  completed: { title: "This document is complete", text: "Everyone has signed it." },
  declined: { title: "This document was declined", text: "It can no longer be signed." },
  canceled: { title: "This document was canceled", text: "The sender canceled it, so there is nothing to sign." },
  expired: { title: "This signing link has expired", text: "Ask the sender for a new one." },
};

// By the state the server answered, right after the signer's action.
export const THANK_YOU_MESSAGES = {
  signed: {
    title: "Thank you for signing",
    text: "Your signature is on the document. It goes on to the other signers now.",
  },
  completed: { title: "Thank you for signing", text: "Everyone has signed: the document is complete." },
  declined: { title: "You declined to sign", text: "The sender can see that you declined, and why." },
};

// The message for a state nobody expected.
export function unknownStateMessage(state) {
  return { title: "This document cannot be signed now", text: `Its state is "${state}".` };
}