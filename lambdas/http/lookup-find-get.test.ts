import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { startLookupTable } from '#adapters/lookup/dynalite.test-support';
import { school } from '#domain/lookup/fixtures.test-support';
import { toImportCsv } from '../../bench/lookup-data';
import { importDataset } from '../../scripts/lookup-import';
import { handler } from './lookup-find-get';

/** The handler in-process, with the lookup table on an in-memory DynamoDB. */
let table: Awaited<ReturnType<typeof startLookupTable>>;
const lincoln = school('Lincoln High School', 'Erie', 'PA', { id: '391234' });
beforeAll(async () => {
  table = await startLookupTable();
  await importDataset(toImportCsv('hs_ceeb', [lincoln, school('Washington Academy')]), 'hs_ceeb');
});
afterAll(async () => {
  await table.stop();
});

async function get(query: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const event = {
    rawPath: '/lookup/find',
    queryStringParameters: query,
    headers: {},
    requestContext: { http: { method: 'GET' } },
  } as unknown as APIGatewayProxyEventV2;
  const res = await handler(event, {} as Context);
  return { status: res.statusCode ?? 0, body: JSON.parse(res.body ?? 'null') };
}

describe('lookup-find handler', () => {
  it('answers a search with {text, id, sub_text} items', async () => {
    expect(await get({ text: 'linc', category: 'hs_ceeb', max_results: '5' })).toEqual({
      status: 200,
      body: [{ text: 'Lincoln High School', id: '391234', sub_text: 'Erie, PA' }],
    });
  });

  it('answers a record lookup with the fields it fills', async () => {
    const { status, body } = await get({ id: '391234', category: 'hs_ceeb' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ hs_ceeb: '391234', hs_name: 'Lincoln High School', hs_state_desc: 'Pennsylvania', name: 'Lincoln High School' });
  });

  it('answers 404 for an unknown id', async () => {
    expect(await get({ id: '999999', category: 'hs_ceeb' })).toMatchObject({ status: 404 });
  });

  it('answers 400 with a message for an unknown category or over-long text', async () => {
    expect(await get({ text: 'a', category: 'pets' })).toEqual({ status: 400, body: { message: expect.stringContaining('Unknown lookup category') } });
    expect(await get({ text: 'a'.repeat(101), category: 'hs_ceeb' })).toEqual({ status: 400, body: { message: expect.stringContaining('longer than 100') } });
  });

  it('serves the repository sample for a category nothing was imported for (local stack)', async () => {
    const { status, body } = await get({ text: 'college', category: 'college_ceeb' });
    expect(status).toBe(200);
    expect((body as unknown[]).length).toBeGreaterThan(0);
  });
});
