/**
 * One write flow per table page, shared by every place that starts a write (the writes bar, the LSM tab's
 * compaction buttons): one dialog, one undo toast, one refresh of the table after a commit — so two views
 * never show two dialogs or two toasts on top of each other. Views that draw what a commit changed (the
 * LSM tab's before → after) read `lastCommit`: the result, the request and the version that was current
 * before it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, createContext, useContext, useMemo, useRef, useState } from 'react';
import type { KeyStamp } from '../../core/api/sandbox/write-effect.ts';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { SchemaDto, OverviewVersionDto } from '../../core/api/table-dto.ts';
import { engine } from '../../worker/client.ts';
import type { WriteResultDto } from '../../worker/engine-writes.ts';
import { useMessages } from '../common/messages.ts';
import { queryKeys } from '../queries/keys.ts';
import { useSandbox } from '../sandbox/sandbox-context.ts';
import { UndoToast } from './undo-toast.tsx';
import { type WriteFlow, type WriteRequest, useWriteFlow } from './use-write-flow.ts';
import { WriteDialog } from './write-dialog.tsx';
import { undoTitle } from './write-model.ts';
import type { Note } from '../../core/messages/note.ts';

/** A commit made from this page. */
export interface LastCommit {
  /** Counts commits, so the same result object twice is still two commits. */
  readonly seq: number;
  readonly result: WriteResultDto;
  readonly title: Note;
  readonly request: WriteRequest;
  /** The version that was current before the commit. */
  readonly currentBefore?: string;
}

export interface TableWrites {
  readonly warehouseId: string;
  readonly root: string;
  readonly format: TableFormatName;
  readonly flow: WriteFlow;
  /** The id of the current version (undefined for a table without versions). */
  readonly currentId?: string;
  /** The current schema (row forms draw a field per column). */
  readonly schema?: SchemaDto;
  readonly lastCommit?: LastCommit;
}

const Ctx = createContext<TableWrites | undefined>(undefined);

/** The table page's writes; undefined outside a {@link TableWritesProvider}. */
export function useTableWrites(): TableWrites | undefined {
  return useContext(Ctx);
}

/** Whether the warehouse can be written (and the commit guarantee), asked once per warehouse. */
export function useWriteAccess(warehouseId: string) {
  return useQuery({ queryKey: queryKeys.writeAccess(warehouseId), queryFn: ({ signal }) => engine().writeAccess({ warehouseId }, { signal }), staleTime: Infinity });
}

/** The write actions the table offers on `version` (asked again when the current version changes). */
export function useWriteCapabilities(warehouseId: string, root: string, format: TableFormatName, currentId: string | undefined, version: string | undefined) {
  return useQuery({
    queryKey: queryKeys.writeCapabilities(warehouseId, root, currentId ?? '', version ?? ''),
    queryFn: ({ signal }) => engine().writeCapabilities({ warehouseId, root, format, ...(version !== undefined ? { version } : {}) }, { signal }),
    staleTime: Infinity,
  });
}

export interface TableWritesProviderProps {
  readonly warehouseId: string;
  readonly root: string;
  readonly format: TableFormatName;
  readonly versions: readonly OverviewVersionDto[];
  readonly schemas: readonly SchemaDto[];
  /** Select a version (undefined = the current one), e.g. the new current after a commit. */
  readonly onVersion: (id: string | undefined) => void;
  readonly children: ReactNode;
}

export function TableWritesProvider({ warehouseId, root, format, versions, schemas, onVersion, children }: TableWritesProviderProps) {
  const qc = useQueryClient();
  const [toast, setToast] = useState<{ result: WriteResultDto; title: Note } | undefined>();
  const [lastCommit, setLastCommit] = useState<LastCommit | undefined>();
  const currentId = versions.find((v) => v.isCurrent)?.id;
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: queryKeys.table(warehouseId, root) });
    void qc.invalidateQueries({ queryKey: queryKeys.tableFiles(warehouseId, root) });
    void qc.invalidateQueries({ queryKey: queryKeys.paimonTable(warehouseId, root) });
  };
  const tr = useMessages();
  // In a sandbox every write shows what it did to the files: the table's key list is taken after Confirm,
  // before the apply starts, and compared with the one after the commit.
  const sandbox = useSandbox();
  const before = useRef<readonly KeyStamp[] | undefined>(undefined);
  const flow = useWriteFlow({ warehouseId, root, format }, {
    beforeApply: sandbox.active ? async () => { before.current = undefined; before.current = await engine().tableKeys({ warehouseId, root }); } : undefined,
    onCommitted: (result, title, request) => {
      refresh();
      if (sandbox.active && before.current) sandbox.record(warehouseId, root, title, before.current);
      // Show the new current version when the write moved main; keep the selection for tags/branches.
      if (result.currentAfter !== undefined && result.currentAfter !== currentId) onVersion(undefined);
      setToast({ result, title });
      setLastCommit((prev) => ({ seq: (prev?.seq ?? 0) + 1, result, title, request, ...(currentId !== undefined ? { currentBefore: currentId } : {}) }));
    },
    onUncertain: refresh,
  });
  const schema = schemas.find((s) => s.isCurrent) ?? schemas[schemas.length - 1];
  const existingRefs = versions.flatMap((v) => v.refs.map((r) => r.name));
  const value = useMemo<TableWrites>(() => ({ warehouseId, root, format, flow, ...(currentId !== undefined ? { currentId } : {}), ...(schema ? { schema } : {}), ...(lastCommit ? { lastCommit } : {}) }),
    [warehouseId, root, format, flow, currentId, schema, lastCommit]);
  return (
    <Ctx.Provider value={value}>
      {children}
      <WriteDialog flow={flow} existingRefs={existingRefs} schema={schema} />
      {toast && (
        <UndoToast result={toast.result} title={toast.title} onClose={() => setToast(undefined)}
          onUndo={toast.result.undo ? () => { const u = toast.result.undo!; setToast(undefined); flow.prepare(u.request, undoTitle(u, tr)); } : undefined} />
      )}
    </Ctx.Provider>
  );
}
