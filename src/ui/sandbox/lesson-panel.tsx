/**
 * The guided lesson drawer (issue 20): first the list of lessons this sandbox has (one per writable format),
 * then one step at a time, Back and Next, each step's button doing its real read or write (ui/sandbox/
 * lesson-kit.ts) and listing the files it points at. A write step also shows "what this write did" on the
 * table page and highlights its files in the tree, as any sandbox write does.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { MessageKey, MessageRef } from '../../core/messages/en.ts';
import { middleEllipsis } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { InlineText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';
import { FormatBadge, ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { queryKeys } from '../queries/keys.ts';
import type { DetectedTableDto } from '../../core/api/dto.ts';
import type { Lesson, StepResult } from './lesson-kit.ts';
import { lessonRoot } from './lessons.ts';
import { useSandbox } from './sandbox-context.ts';
import './sandbox.css';

const NOTE: Record<StepResult['files'][number]['note'], MessageKey> = {
  new: 'ui.lesson.note.new', deleted: 'ui.lesson.note.deleted', read: 'ui.lesson.note.read', state: 'ui.lesson.note.state',
};

type StepState = { status: 'running' } | { status: 'done'; result: StepResult } | { status: 'error'; error: unknown };

interface PanelProps {
  warehouseId: string;
  /** The lessons this warehouse has (their tables are in it). */
  lessons: readonly Lesson[];
  /** The lesson to open at once (the open table's), else the list is shown. */
  initial?: string;
  /** The open table (a read-only tour runs on it). */
  openTable?: Pick<DetectedTableDto, 'root' | 'format'>;
  onClose: () => void;
  onShowTable: (root: string) => void;
}

export function LessonPanel({ warehouseId, lessons, initial, openTable, onClose, onShowTable }: PanelProps) {
  const { t } = useMessages();
  const [chosen, setChosen] = useState<string | undefined>(initial);
  const lesson = lessons.find((l) => l.id === chosen);
  if (lesson) return <LessonSteps key={`${lesson.id}|${lessonRoot(lesson, openTable)}`} lesson={lesson} root={lessonRoot(lesson, openTable)} warehouseId={warehouseId} onList={() => setChosen(undefined)} onClose={onClose} onShowTable={onShowTable} />;
  return (
    <aside className="sb-lesson" aria-label={t('ui.lesson.label')} data-testid="lesson" data-step="list">
      <header className="sb-lesson-head">
        <span className="small muted">{t('ui.lessons.listHeading')}</span>
        <span className="spacer" />
        <button type="button" className="btn btn-small btn-quiet" onClick={onClose}>{t('ui.lesson.close')}</button>
      </header>
      <h2>{t('ui.lessons.listTitle')}</h2>
      {lessons.length === 0 && <p className="small muted">{t('ui.lessons.none')}</p>}
      <ul className="sb-lesson-list">
        {lessons.map((l) => (
          <li key={l.id}>
            <button type="button" className="btn btn-small" data-lesson={l.id} onClick={() => { setChosen(l.id); onShowTable(lessonRoot(l, openTable)); }}>
              <FormatBadge format={l.format} /> {t(l.name)}
            </button>
            <p className="small muted">{t(l.blurb)}</p>
          </li>
        ))}
      </ul>
    </aside>
  );
}

function LessonSteps({ lesson, root, warehouseId, onList, onClose, onShowTable }: { lesson: Lesson; root: string; warehouseId: string; onList: () => void; onClose: () => void; onShowTable: (root: string) => void }) {
  const { t, ref } = useMessages();
  const sandbox = useSandbox();
  const qc = useQueryClient();
  const [index, setIndex] = useState(0);
  const [states, setStates] = useState<Record<string, StepState>>({});
  const memory = useRef(new Map<string, string>());
  const steps = lesson.steps;
  const step = steps[index]!;
  const state = states[step.id];

  const run = () => {
    setStates((s) => ({ ...s, [step.id]: { status: 'running' } }));
    onShowTable(root);
    step.run({ warehouseId, root, format: lesson.format, memory: memory.current }).then(
      (result) => {
        setStates((s) => ({ ...s, [step.id]: { status: 'done', result } }));
        if (step.kind === 'write') {
          void qc.invalidateQueries({ queryKey: queryKeys.table(warehouseId, root) });
          void qc.invalidateQueries({ queryKey: queryKeys.tableFiles(warehouseId, root) });
          if (result.effect) sandbox.show(root, { key: step.title }, result.effect);
        }
      },
      (error: unknown) => setStates((s) => ({ ...s, [step.id]: { status: 'error', error } })),
    );
  };

  return (
    <aside className="sb-lesson" aria-label={t('ui.lesson.label')} data-testid="lesson" data-lesson={lesson.id} data-step={step.id}>
      <header className="sb-lesson-head">
        <span className="small muted">{t('ui.lessons.heading', { lesson: t(lesson.name), step: index + 1, of: steps.length })}</span>
        <span className="spacer" />
        <button type="button" className="btn btn-small btn-quiet" onClick={onList}>{t('ui.lessons.toList')}</button>
        <button type="button" className="btn btn-small btn-quiet" onClick={onClose}>{t('ui.lesson.close')}</button>
      </header>
      <ol className="sb-lesson-dots" aria-hidden>
        {steps.map((s, i) => <li key={s.id} className={`${i === index ? 'on' : ''}${states[s.id]?.status === 'done' ? ' done' : ''}`} />)}
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
          <p className="small">{ref(state.result.summary as MessageRef)}</p>
          {state.result.files.length > 0 && (
            <>
              <div className="label">{t('ui.lesson.filesLabel')}</div>
              <ul>{state.result.files.map((f) => (
                <li key={f.key + f.note} className="mono small" title={safeTitle(f.key)}>
                  <span className={`sb-note sb-note-${f.note}`}>{t(NOTE[f.note])}</span>
                  <InlineText text={middleEllipsis(f.key.startsWith(root) ? f.key.slice(root.length) : f.key, 44)} max={60} />
                </li>
              ))}</ul>
            </>
          )}
        </div>
      )}
      <footer className="sb-lesson-foot">
        <button type="button" className="btn btn-small" disabled={index === 0} onClick={() => setIndex(index - 1)}>{t('ui.lesson.back')}</button>
        <span className="spacer" />
        <button type="button" className="btn btn-small" disabled={index === steps.length - 1} onClick={() => setIndex(index + 1)}>{t('ui.lesson.next')}</button>
      </footer>
    </aside>
  );
}
