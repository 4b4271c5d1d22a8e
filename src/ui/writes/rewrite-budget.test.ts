import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REWRITE_BUDGET_BYTES } from './rewrite-budget.ts';

describe('the browser rewrite budget', () => {
  it('defaults to the engine default (repeated in the UI, which may not import core values: checked against its source)', () => {
    const core = readFileSync(new URL('../../core/commit/engine-sql.ts', import.meta.url), 'utf8');
    expect(core).toContain('export const DEFAULT_REWRITE_BUDGET_BYTES = 2 * 1024 ** 3;');
    expect(DEFAULT_REWRITE_BUDGET_BYTES).toBe(2 * 1024 ** 3);
  });
});
