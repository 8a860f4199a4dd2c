import { describe, expect, it } from 'vitest';
import { welcomeKind } from './banners';

const base = { is_service_user: false, is_logged_in: true, web_status: 'started' as const, has_changed_page: false, num_logins: 1 };

describe('welcome panel', () => {
  it('greets a first login with "You\'re in!" and a second with "Welcome Back!"', () => {
    expect(welcomeKind(base)).toBe('first');
    expect(welcomeKind({ ...base, num_logins: 2 })).toBe('returning');
  });
  it('hides after a page change or from the third login', () => {
    expect(welcomeKind({ ...base, has_changed_page: true })).toBeNull();
    expect(welcomeKind({ ...base, num_logins: 3 })).toBeNull();
  });
  it('always thanks a submitted applicant', () => {
    expect(welcomeKind({ ...base, web_status: 'submitted', num_logins: 9, has_changed_page: true } as never)).toBe('submitted');
  });
  it('shows the anonymous panel to visitors and nothing to service users', () => {
    expect(welcomeKind({ ...base, is_logged_in: false })).toBe('anonymous');
    expect(welcomeKind({ ...base, is_service_user: true })).toBeNull();
  });
});
