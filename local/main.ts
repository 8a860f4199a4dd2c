/** `npm start`: the whole product on http://localhost:3000 (PORT, DATA_DIR override). */
import { startStack } from './stack';

const stack = await startStack();
process.stdout.write(
  [
    '',
    `  Admissions application running at ${stack.url}`,
    `  Dev outbox (confirmation codes, reset links): ${stack.url}/_dev/mail`,
    `  Data: ${stack.dataDir}`,
    '',
  ].join('\n') + '\n',
);

const shutdown = () => {
  void stack.stop().finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
