import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffRecommendation } from '#form/wire/recommendations';
import { journeys, renderApp, stubStaffApi, summary } from '../shared/test-support';

journeys();

const detail = (recommendations: StaffRecommendation[]) => ({
  id: 'app-1',
  reference: summary.reference,
  name: summary.name,
  email: summary.email,
  submitted_at: summary.submitted_at,
  pages: [],
  documents: [],
  pdf: { status: 'COMPLETED', download_url: 'http://s3.local/app.pdf?sig=2' },
  recommendations,
});

describe('an application’s recommendations in the console', () => {
  it('shows each recommender with role, name, e-mail, status, dates, waiver, what they wrote, and a link to the letter', async () => {
    stubStaffApi({
      'GET /staff/api/applications/app-1': {
        body: detail([
          {
            id: 'r1',
            role: 'counselor',
            name: 'Grace Hopper',
            email: 'grace@school.org',
            status: 'submitted',
            invited_at: '2026-11-02T15:00:00.000Z',
            submitted_at: '2026-11-05T15:00:00.000Z',
            waiver: 'Y',
            relationship: 'School counselor',
            known_since: '2023',
            comments: 'Happy to answer questions.',
            download_url: '/staff/api/applications/app-1/recommendations/r1/letter',
          },
          { id: 'r2', role: 'teacher', name: 'Alan Turing', email: 'alan@school.org', status: 'invited', invited_at: '2026-11-03T15:00:00.000Z', waiver: 'Y' },
        ]),
      },
    });
    renderApp('/staff/applications/app-1');
    const region = await screen.findByRole('region', { name: 'Recommendations' });
    const counselor = within(region).getByRole('region', { name: 'Counselor: Grace Hopper' });
    const fact = (where: HTMLElement, term: string) => within(where).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact(counselor, 'E-mail')).toHaveTextContent('grace@school.org');
    expect(fact(counselor, 'Status')).toHaveTextContent('Submitted');
    expect(fact(counselor, 'Invited')).toHaveTextContent(/November 2, 2026 at .* C[SD]T/);
    expect(fact(counselor, 'Submitted')).toHaveTextContent(/November 5, 2026 at .* C[SD]T/);
    expect(fact(counselor, 'Waiver')).toHaveTextContent('The applicant has waived the right to read this letter');
    expect(fact(counselor, 'Relationship')).toHaveTextContent('School counselor');
    expect(fact(counselor, 'Known since')).toHaveTextContent('2023');
    expect(fact(counselor, 'Comments')).toHaveTextContent('Happy to answer questions.');
    expect(within(counselor).getByRole('link', { name: /Open the letter from Grace Hopper/ })).toHaveAttribute(
      'href',
      '/staff/api/applications/app-1/recommendations/r1/letter',
    );
    const teacher = within(region).getByRole('region', { name: 'Teacher: Alan Turing' });
    expect(fact(teacher, 'Status')).toHaveTextContent('Invited');
    expect(fact(teacher, 'Submitted')).toHaveTextContent('Not yet');
    expect(within(teacher).queryByRole('link')).toBeNull();
  });

  it('says when no one was invited', async () => {
    stubStaffApi({ 'GET /staff/api/applications/app-1': { body: detail([]) } });
    renderApp('/staff/applications/app-1');
    const region = await screen.findByRole('region', { name: 'Recommendations' });
    expect(within(region).getByText('The applicant has not invited any recommenders.')).toBeInTheDocument();
  });
});
