/**
 * The guided lesson drawer (issue 20): one step at a time, Back and Next, each step's button doing its real
 * read or write (ui/sandbox/iceberg-lesson.ts) and listing the files it points at. A write step also shows
 * "what this write did" on the table page and highlights its files in the tree, as any sandbox write does.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { MessageKey } from '../../core/messages/en.ts';
import { middleEllipsis } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { InlineText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { queryKeys } from '../queries/keys.ts';
import { ICEBERG_LESSON, LESSON_TABLE, type StepResult } from './iceberg-lesson.ts';
import { useSandbox } from './sandbox-context.ts';
import './sandbox.css';

const NOTE: Record<StepResult['files'][number]['note'], MessageKey> = {
  new: 'ui.lesson.note.new', deleted: 'ui.lesson.note.deleted', read: 'ui.lesson.note.read', state: 'ui.lesson.note.state',
};

type StepState = { status: 'running' } | { status: 'done'; result: StepResult } | { status: 'error'; error: unknown };

export function LessonPanel({ warehouseId, onClose, onShowTable }: { warehouseId: string; onClose: () => void; onShowTable: (root: string) => void }) {
  const { t } = useMessages();
  const sandbox = useSandbox();
  const qc = useQueryClient();
  const [index, setIndex] = useState(0);
  const [states, setStates] = useState<Record<string, StepState>>({});
  const memory = useRef(new Map<string, string>());
  const step = ICEBERG_LESSON[index];
  const state = states[step.id];

  const run = () => {
    setStates((s) => ({ ...s, [step.id]: { status: 'running' } }));
    onShowTable(LESSON_TABLE);
    step.run({ warehouseId, memory: memory.current }).then(
      (result) => {
        setStates((s) => ({ ...s, [step.id]: { status: 'done', result } }));
        if (step.kind === 'write') {
          void qc.invalidateQueries({ queryKey: queryKeys.table(warehouseId, LESSON_TABLE) });
          void qc.invalidateQueries({ queryKey: queryKeys.tableFiles(warehouseId, LESSON_TABLE) });
          if (result.effect) sandbox.show(LESSON_TABLE, t(step.title), result.effect);
        }
      },
      (error: unknown) => setStates((s) => ({ ...s, [step.id]: { status: 'error', error } })),
    );
  };

  return (
    <aside className="sb-lesson" aria-label={t('ui.lesson.label')} data-testid="lesson" data-step={step.id}>
      <header className="sb-lesson-head">
        <span className="small muted">{t('ui.lesson.heading', { step: index + 1, of: ICEBERG_LESSON.length })}</span>
        <span className="spacer" />
        <button type="button" className="btn btn-small btn-quiet" onClick={onClose}>{t('ui.lesson.close')}</button>
      </header>
      <ol className="sb-lesson-dots" aria-hidden>
        {ICEBERG_LESSON.map((s, i) => <li key={s.id} className={`${i === index ? 'on' : ''}${states[s.id]?.status === 'done' ? ' done' : ''}`} />)}
      </ol>
      <h2>{t(step.title)}</h2>
      <p className="small">{t(step.text)}</p>
      <button type="button" className={`btn btn-small${state?.status === 'done' ? '' : ' btn-primary'}`} disabled={state?.status === 'running'} onClick={run}>
        {state?.status === 'done' && step.kind === 'read' ? t('ui.lesson.again') : t(step.action)}
      </button>
      {state?.status === 'running' && <ProgressLine label={t('ui.lesson.running')} />}
      {state?.status === 'error' && <ErrorPanel error={state.error} />}
      {state?.status === 'done' && (
        <div className="sb-lesson-result" data-testid="lesson-result">
          <p className="small">{t(state.result.summary.key, state.result.summary.params as never)}</p>
          {state.result.files.length > 0 && (
            <>
              <div className="label">{t('ui.lesson.filesLabel')}</div>
              <ul>{state.result.files.map((f) => (
                <li key={f.key + f.note} className="mono small" title={safeTitle(f.key)}>
                  <span className={`sb-note sb-note-${f.note}`}>{t(NOTE[f.note])}</span>
                  <InlineText text={middleEllipsis(f.key.startsWith(LESSON_TABLE) ? f.key.slice(LESSON_TABLE.length) : f.key, 44)} max={60} />
                </li>
              ))}</ul>
            </>
          )}
        </div>
      )}
      <footer className="sb-lesson-foot">
        <button type="button" className="btn btn-small" disabled={index === 0} onClick={() => setIndex(index - 1)}>{t('ui.lesson.back')}</button>
        <span className="spacer" />
        <button type="button" className="btn btn-small" disabled={index === ICEBERG_LESSON.length - 1} onClick={() => setIndex(index + 1)}>{t('ui.lesson.next')}</button>
      </footer>
    </aside>
  );
}
