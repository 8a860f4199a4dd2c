import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileQueryOptions, type Profile } from '#web/lib/profile';
import { createQueryClient } from '#web/lib/query-client';
import { ApplicationReference } from './components/ApplicationReference';

function renderWith(profile: Partial<Profile> | undefined) {
  const client = createQueryClient();
  if (profile) client.setQueryData(profileQueryOptions().queryKey, profile as Profile);
  return render(
    <QueryClientProvider client={client}>
      <ApplicationReference />
    </QueryClientProvider>,
  );
}

describe('the completion page names the application reference', () => {
  it('shows the reference the loaded profile carries', () => {
    renderWith({ reference: 'K7M2Q9XH', submitted_at: '2026-05-01T12:00:00.000Z' });
    expect(screen.getByText(/Your application reference is/)).toHaveTextContent('Your application reference is K7M2Q9XH. Please quote it when you contact us.');
  });

  it('shows nothing without one', () => {
    const { container } = renderWith({ reference: null });
    expect(container).toBeEmptyDOMElement();
  });
});
