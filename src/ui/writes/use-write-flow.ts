/**
 * The state of one write by clicks: form (parameters) → preparing (the worker reads the table) →
 * preview (shown, waiting for Confirm) → applying (progress, bytes/s, Cancel) → done (the caller
 * refreshes the table; a toast offers Undo) or error. Cancelling a preview discards the prepared
 * operation in the worker; cancelling an apply aborts the call (the engine stops before its commit
 * point, or the commit already happened — the table is reopened either way).
 */
import { rewriteBudget } from './rewrite-budget.ts';
import { useCallback, useRef, useState } from 'react';
import type { Progress } from '../../core/api/progress.ts';
import { engine } from '../../worker/client.ts';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { UndoRequest, WritePreviewDto, WriteResultDto } from '../../worker/engine-writes.ts';
import type { Note } from '../../core/messages/note.ts';

/** A write the page can ask for (an action of the common model): the same shape Undo carries. */
export type WriteRequest = UndoRequest;

/** The writes that need parameters first (capabilities with `needsInput`); row writes take rows from a form or pasted CSV. */
export type FormKind = 'tag' | 'branch' | 'expire' | 'compact' | 'append' | 'upsert' | 'delete';

/** Which rows a row form asks for (the capability's `rowsInput`): whole rows, or key values only. */
export type RowsInput = 'rows' | 'keys';

export type WritePhase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'form'; readonly form: FormKind; readonly snapshotId?: string; readonly rowsInput?: RowsInput }
  | { readonly kind: 'preparing'; readonly title: Note }
  | { readonly kind: 'preview'; readonly title: Note; readonly preview: WritePreviewDto; readonly request: WriteRequest }
  | { readonly kind: 'applying'; readonly title: Note; readonly preview: WritePreviewDto; readonly request: WriteRequest; readonly startedAt: number; readonly progress?: Progress }
  | { readonly kind: 'error'; readonly title: Note; readonly error: unknown; readonly request?: WriteRequest };

export interface WriteTargetRef { readonly warehouseId: string; readonly root: string; readonly format: TableFormatName }

export interface WriteFlow {
  readonly phase: WritePhase;
  /** Opens a parameter form (a row form asks for `rowsInput`). */
  openForm(form: FormKind, snapshotId?: string, rowsInput?: RowsInput): void;
  /** Prepares `request` and shows its preview; `title` is a message (or a sentence) shown in the reader's language whenever it is drawn. */
  prepare(request: WriteRequest, title: Note): void;
  /** Applies the previewed operation. */
  confirm(opts?: { deleteFiles?: boolean; confirmText?: string }): void;
  /** Closes the dialog: aborts a call in flight and forgets a prepared operation. */
  cancel(): void;
}

export interface WriteCallbacks {
  /** A write committed (`request`: what was asked for). */
  onCommitted(result: WriteResultDto, title: Note, request: WriteRequest): void;
  /** An apply failed or was cancelled: it may still have committed (lost answer), so refresh the table. */
  onUncertain(): void;
  /** Runs after Confirm and before the apply starts (the sandbox takes the table's key list here); a failure stops the apply. */
  beforeApply?(): Promise<void>;
}

/** Runs writes against `target`. */
export function useWriteFlow(target: WriteTargetRef, callbacks: WriteCallbacks): WriteFlow {
  const cbRef = useRef(callbacks);
  cbRef.current = callbacks;
  const [phase, setPhase] = useState<WritePhase>({ kind: 'idle' });
  const abortRef = useRef<AbortController | undefined>(undefined);
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  const fresh = () => {
    abortRef.current?.abort();
    const ac = new AbortController();
    abortRef.current = ac;
    return ac;
  };

  const prepare = useCallback((request: WriteRequest, title: Note) => {
    const ac = fresh();
    setPhase({ kind: 'preparing', title });
    engine().prepareWrite({ ...target, action: request.action, rewriteBudgetBytes: rewriteBudget() }, { signal: ac.signal }).then(
      (preview) => { if (!ac.signal.aborted) setPhase({ kind: 'preview', title, preview, request }); else void engine().discardOp({ opId: preview.opId }).catch(() => {}); },
      (error: unknown) => { if (!ac.signal.aborted) setPhase({ kind: 'error', title, error, request }); },
    );
  }, [target.warehouseId, target.root, target.format]); // eslint-disable-line react-hooks/exhaustive-deps

  const confirm = useCallback((opts: { deleteFiles?: boolean; confirmText?: string } = {}) => {
    const p = phaseRef.current;
    if (p.kind !== 'preview') return;
    const ac = fresh();
    const startedAt = Date.now();
    setPhase({ kind: 'applying', title: p.title, preview: p.preview, request: p.request, startedAt });
    const ready = cbRef.current.beforeApply?.() ?? Promise.resolve();
    ready.then(() => engine().applyOp({ opId: p.preview.opId, ...opts }, {
      signal: ac.signal,
      onProgress: (progress) => setPhase((cur) => (cur.kind === 'applying' ? { ...cur, progress } : cur)),
    })).then(
      (result) => { setPhase({ kind: 'idle' }); cbRef.current.onCommitted(result, p.title, p.request); },
      (error: unknown) => { setPhase({ kind: 'error', title: p.title, error, request: p.request }); cbRef.current.onUncertain(); },
    );
  }, []);

  const cancel = useCallback(() => {
    const p = phaseRef.current;
    if (p.kind === 'applying') { abortRef.current?.abort(); return; }
    abortRef.current?.abort();
    if (p.kind === 'preview') void engine().discardOp({ opId: p.preview.opId }).catch(() => {});
    setPhase({ kind: 'idle' });
  }, []);

  const openForm = useCallback((form: FormKind, snapshotId?: string, rowsInput?: RowsInput) => setPhase({ kind: 'form', form, snapshotId, ...(rowsInput ? { rowsInput } : {}) }), []);

  return { phase, openForm, prepare, confirm, cancel };
}
