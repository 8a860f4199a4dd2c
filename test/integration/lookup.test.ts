import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { parseDataset } from '#domain/lookup/dataset';
import { sampleFile } from '#local/lookup-samples';

/**
 * GET /lookup/find through the local stack's HTTP server, as the web app's autocomplete calls
 * it. Before any import the local stack serves the repository's sample datasets.
 */
const baseUrl = inject('baseUrl');

const sample = parseDataset(readFileSync(fileURLToPath(sampleFile('hs_ceeb')), 'utf8'), 'hs_ceeb').records;
const school = sample.find((r) => r.country === 'USA' && r.name.split(' ').length >= 3)!;

async function find(query: Record<string, string>) {
  const res = await fetch(`${baseUrl}/lookup/find?${new URLSearchParams(query).toString()}`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.json() };
}

describe('GET /lookup/find over HTTP', () => {
  it('suggests the school being typed, as {text, id, sub_text} items', async () => {
    const typed = school.name.slice(0, 10);
    const res = await find({ text: typed, category: 'hs_ceeb', max_results: '5' });
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/application\/json/);
    const items = res.body as { text: string; id: string; sub_text: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['id', 'sub_text', 'text']);
    expect(items[0]!.text.toLowerCase()).toContain(typed.toLowerCase().trim());
  });

  it('finds the exact school by name and city, despite case, accents and one typo', async () => {
    const words = school.name.split(' ');
    const first = words[0]!;
    const typo = first.length >= 5 ? first.slice(0, 2) + first[3] + first[2] + first.slice(4) : first;
    const res = await find({ text: `${typo.toUpperCase()} ${words.slice(1).join(' ')} ${school.city}`, category: 'hs_ceeb' });
    expect((res.body as { id: string }[]).map((i) => i.id)).toContain(school.id);
  });

  it('fills the high-school answers for a chosen id', async () => {
    const res = await find({ id: school.id, category: 'hs_ceeb' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      hs_ceeb: school.id,
      hs_name: school.name,
      hs_address_line_1: school.address_line_1,
      hs_city: school.city,
      hs_state: school.state,
      hs_state_desc: expect.any(String),
      hs_zip: school.zip,
      hs_country: 'USA',
      hs_country_desc: 'United States',
      name: school.name,
    });
  });

  it('fills address answers, labelled by the street line', async () => {
    const [item] = (await find({ text: '1', category: 'address', max_results: '1' })).body as { id: string; text: string }[];
    const res = await find({ id: item!.id, category: 'address' });
    expect(res.body).toMatchObject({ address_line_1: item!.text, city: expect.any(String), country: expect.any(String) });
  });

  it('caps max_results at 5', async () => {
    const res = await find({ text: 'high', category: 'hs_ceeb', max_results: '50' });
    expect(res.status).toBe(200);
    expect((res.body as unknown[]).length).toBe(5);
  });

  it('answers an empty list for text that matches nothing', async () => {
    expect(await find({ text: 'qqqqqqzzzz', category: 'college_ceeb' })).toMatchObject({ status: 200, body: [] });
  });

  it('refuses an unknown category with a message naming the categories', async () => {
    const res = await find({ text: 'high', category: 'pets' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Unknown lookup category "pets": use one of hs_ceeb, college_ceeb, address.' });
  });

  it('refuses over-long text', async () => {
    const res = await find({ text: 'a'.repeat(5000), category: 'hs_ceeb' });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(/longer than 100 characters/);
  });

  it('answers 404 for an id that is not in the dataset', async () => {
    expect((await find({ id: '000001', category: 'hs_ceeb' })).status).toBe(404);
  });
});
