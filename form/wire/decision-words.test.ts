import { describe, expect, it } from 'vitest';
import { REPLY_LABELS, replyDone, replyMadeInWords } from './decision-words';

describe('a reply in words', () => {
  it('as the office lists it, not as the button offered it', () => {
    expect(replyMadeInWords('accept')).toBe('Accepted');
    expect(replyMadeInWords('decline')).toBe('Declined');
    expect(replyMadeInWords('join_waitlist')).toBe('Joined the waitlist');
    expect(REPLY_LABELS.accept).toBe('Accept the offer');
  });

  it('as the applicant is told it was made (the answered letter, the confirmation e-mail)', () => {
    expect(replyDone('admit', 'accept')).toBe('You accepted the offer of admission');
    expect(replyDone('admit', 'decline')).toBe('You declined the offer of admission');
    expect(replyDone('waitlist', 'join_waitlist')).toBe('You joined the waitlist');
    expect(replyDone('waitlist', 'decline')).toBe('You declined the place on the waitlist');
  });
});
