import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderShell } from '../prerender-entry';

describe("the build's shell render", () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders the spinner without a React Router warning (the shell matches the catch-all route)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const html = renderShell();
    expect(html).toContain('spinner-screen');
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([]);
    expect(error.mock.calls.map((c) => String(c[0]))).toEqual([]);
  });
});
