/** The dev outbox keeps every mail across a restart, written off the event loop. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Outbox } from '#local/outbox';

describe('Outbox', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists a mail at once and has every mail of a burst on disk after flush', async () => {
    const outbox = new Outbox(dir, true);
    for (let i = 0; i < 50; i++) {
      outbox.send({ to: `a${i}@example.edu`, subject: 'Your code', text: `code ${i}`, code: String(100000 + i) });
      expect(outbox.list()).toHaveLength(i + 1);
    }
    await outbox.flush();
    const reopened = new Outbox(dir, true);
    expect(reopened.list().map((m) => m.code)).toEqual(Array.from({ length: 50 }, (_, i) => String(100000 + i)));
    expect(readdirSync(dir)).toEqual(['outbox.json']);
  });

  it('writes a mail sent while an earlier write is still running', async () => {
    const outbox = new Outbox(dir, true);
    outbox.send({ to: 'first@example.edu', subject: 's', text: 't' });
    const firstWrite = outbox.flush();
    outbox.send({ to: 'second@example.edu', subject: 's', text: 't' });
    await firstWrite;
    await outbox.flush();
    expect(new Outbox(dir, true).list().map((m) => m.to)).toEqual(['first@example.edu', 'second@example.edu']);
  });
});
