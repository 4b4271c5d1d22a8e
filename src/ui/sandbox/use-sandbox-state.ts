/** The state behind {@link SandboxContext} for one open warehouse. */
import type { Note } from '../../core/messages/note.ts';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { KeyStamp, WriteEffectDto } from '../../core/api/sandbox/write-effect.ts';
import { engine } from '../../worker/client.ts';
import type { EffectState, SandboxApi } from './sandbox-context.ts';

export function useSandboxState(active: boolean): SandboxApi {
  const [effect, setEffect] = useState<EffectState | undefined>();
  const seq = useRef(0);
  const record = useCallback((warehouseId: string, root: string, title: Note, before: readonly KeyStamp[]) => {
    const n = ++seq.current;
    setEffect({ root, title, status: 'loading' });
    engine().writeEffect({ warehouseId, root, before }).then(
      (e) => { if (seq.current === n) setEffect({ root, title, status: 'ready', effect: e }); },
      (error: unknown) => { if (seq.current === n) setEffect({ root, title, status: 'error', error }); },
    );
  }, []);
  const show = useCallback((root: string, title: Note, e: WriteEffectDto) => { seq.current++; setEffect({ root, title, status: 'ready', effect: e }); }, []);
  const close = useCallback(() => { seq.current++; setEffect(undefined); }, []);
  return useMemo(() => ({ active, effect, record, show, close }), [active, effect, record, show, close]);
}
