/** The kinds of row change as the diff page shows them: a sign and a catalog label each (row view and change log). */
import type { DiffKind } from '../state/route.ts';

export const KIND_SIGN: Readonly<Record<DiffKind, string>> = { added: '+', removed: '−', changed: '~' };

export const KIND_LABEL = {
  added: 'ui.diff.kind.added', removed: 'ui.diff.kind.removed', changed: 'ui.diff.kind.changed',
} as const satisfies Record<DiffKind, string>;
