/**
 * The CLI prints errors in English, exactly as before errors carried catalog references (issue 20): the
 * reference is for the UI, never printed, and adds nothing to the context line.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LakeError } from '../core/errors.ts';
import { messageError } from '../core/message-error.ts';
import { REPO_ROOT } from '../testing/fixtures.ts';
import { runMain } from './run-main.test-support.ts';

const failWith = (e: LakeError) => runMain(['info', 'anywhere'], { openTable: async () => { throw e; } });

describe('CLI error output with message references', () => {
  it('prints an error with a ref exactly as the same error without one', async () => {
    const withRef = messageError('NotFound', 'error.open.nothing', { location: 'wh/orders' }, { location: 'wh/orders' });
    expect(withRef.ref).toBeDefined();
    const plain = new LakeError('NotFound', withRef.message, { location: 'wh/orders' });
    const a = await failWith(withRef);
    const b = await failWith(plain);
    expect(a).toEqual(b);
    expect(a.code).toBe(1);
    expect(a.err).toBe('lakescope: NotFound: table: nothing at wh/orders (no such folder, or it is empty)\n  (location=wh/orders)\n');
  });

  it('a real SQL error (now with a ref) prints the text it printed before', async () => {
    const run = await runMain(['sql', join(REPO_ROOT, 'public/demo/sales/orders'), 'SELECT nosuchcolumn FROM t']);
    expect(run.code).toBe(1);
    expect(run.err).toBe([
      'lakescope: DataInvalid: sql: Column "nosuchcolumn" not found. Available columns: order_id, customer_id, order_ts, product, quantity, amount, status at line 1, column 8',
      '    SELECT nosuchcolumn FROM t',
      '           ^^^^^^^^^^^^',
      '  (columnName=nosuchcolumn line=1 column=8 offset=7)',
      '',
    ].join('\n'));
  });
});
