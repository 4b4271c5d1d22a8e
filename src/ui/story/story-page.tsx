/**
 * The story page (issue 20, "One story, four formats"): the demo's story — create, append, update, delete,
 * compact, roll back — step by step, with each writable format's commit for the step side by side: the files
 * it wrote, dropped and brought back, read from the tables themselves through the worker (tableStory), and how
 * the format records the change. Hudi (read-only here) and MaxCompute (a closed service) explain the same step;
 * Hudi's column can show the commits of a real Hudi table of the warehouse. Keyboard: ← → Home End move steps.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { DetectedTableDto } from '../../core/api/dto.ts';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { StoryFormat, StoryPlanDto, StoryStep } from '../../core/api/story/story-steps.ts';
import type { StoryCommitDto, StoryFileDto, TableStoryDto } from '../../core/api/story/table-story.ts';
import { engine } from '../../worker/client.ts';
import { formatBytes } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { InlineText } from '../common/safe-text-view.tsx';
import { ProgressLine, formatLabel } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { commitAt, fileName, stepAfterKey } from './story-model.ts';
import { HOW_KEYS, KIND_KEYS, STEP_KEYS, VERSION_KEYS, type StoryStepId } from './story-keys.ts';
import './story.css';

export function StoryPage({ warehouseId, tables, onBack, onOpenVersion }: {
  warehouseId: string;
  tables: readonly DetectedTableDto[] | undefined;
  onBack: () => void;
  /** Opens a table at a version (on its Tree tab). */
  onOpenVersion: (root: string, version?: string) => void;
}) {
  const { t } = useMessages();
  const plan = useQuery({
    queryKey: ['story-plan', warehouseId, (tables ?? []).map((x) => `${x.format}:${x.root}`).join('|')],
    queryFn: ({ signal }) => engine().storyPlan({ tables: (tables ?? []).map((x) => ({ root: x.root, format: x.format })) }, { signal }),
    enabled: tables !== undefined,
    staleTime: Infinity,
  });
  if (!plan.data) {
    return (
      <section className="home story-page" aria-label={t('ui.story.title')}>
        {plan.error != null ? <ErrorPanel error={plan.error} onRetry={() => void plan.refetch()} /> : <ProgressLine label={t('ui.warehouse.finding')} />}
      </section>
    );
  }
  return <StoryView warehouseId={warehouseId} plan={plan.data} onBack={onBack} onOpenVersion={onOpenVersion} />;
}

function StoryView({ warehouseId, plan, onBack, onOpenVersion }: {
  warehouseId: string; plan: StoryPlanDto; onBack: () => void; onOpenVersion: (root: string, version?: string) => void;
}) {
  const { t } = useMessages();
  const steps = plan.steps;
  const [index, setIndex] = useState(0);
  const step = steps[index];
  // On a narrow screen the steps scroll sideways: keep the chosen one in view.
  useEffect(() => { document.getElementById(`story-step-${steps[index].id}`)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }); }, [index, steps]);
  const stories = useQueries({
    queries: plan.tables.map((x) => ({
      queryKey: ['story', warehouseId, x.root ?? '', x.format],
      queryFn: ({ signal }: { signal: AbortSignal }) => engine().tableStory({ warehouseId, root: x.root!, format: x.format }, { signal }),
      enabled: x.root !== undefined,
      staleTime: Infinity,
    })),
  });
  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.altKey || e.ctrlKey || e.metaKey) return;
    const next = stepAfterKey(e.key, index, steps.length);
    if (next === undefined) return;
    e.preventDefault();
    setIndex(next);
    document.getElementById(`story-step-${steps[next].id}`)?.focus();
  };
  return (
    <section className="home story-page" aria-labelledby="story-title" onKeyDown={onKey}>
      <header className="page-head">
        <div className="page-title"><h1 id="story-title">{t('ui.story.title')}</h1></div>
        <button type="button" className="btn btn-small btn-quiet" onClick={onBack}>{t('ui.story.back')}</button>
      </header>
      <p className="story-intro">{t('ui.story.intro')}</p>
      <div className="story-steps" role="tablist" aria-label={t('ui.story.steps')}>
        {steps.map((s, i) => (
          <button key={s.id} id={`story-step-${s.id}`} type="button" role="tab" aria-selected={i === index} aria-controls="story-panel"
            tabIndex={i === index ? 0 : -1} className={`story-step${i === index ? ' is-current' : ''}`} onClick={() => setIndex(i)}>
            <span className="story-step-n" aria-hidden>{i + 1}</span> {t(STEP_KEYS[s.id as StoryStepId].title)}
          </button>
        ))}
      </div>
      <div id="story-panel" role="tabpanel" aria-labelledby={`story-step-${step.id}`} className="story-panel">
        <div className="story-step-head">
          <div>
            <p className="muted small">{t('ui.story.stepOf', { n: index + 1, total: steps.length })}</p>
            <h2>{t(STEP_KEYS[step.id as StoryStepId].title)}</h2>
            <p>{t(STEP_KEYS[step.id as StoryStepId].text)}</p>
          </div>
          <div className="story-nav">
            <button type="button" className="btn btn-small" disabled={index === 0} onClick={() => setIndex(index - 1)}>{t('ui.story.prev')}</button>
            <button type="button" className="btn btn-small" disabled={index === steps.length - 1} onClick={() => setIndex(index + 1)}>{t('ui.story.next')}</button>
            <span className="muted small">{t('ui.story.keys')}</span>
          </div>
        </div>
        <div className="story-grid">
          {plan.tables.map((x, i) => {
            const q = stories[i];
            return (
              <FormatColumn key={x.format} format={x.format} folder={x.folder} root={x.root} step={step}
                story={q.data} pending={x.root !== undefined && q.isPending} error={q.error} onRetry={() => void q.refetch()} onOpenVersion={onOpenVersion} />
            );
          })}
          <HudiColumn step={step} warehouseId={warehouseId} tables={plan.explainedTables} />
          <article className="story-col story-col-explain" aria-labelledby="story-mc">
            <h3 id="story-mc">{t('ui.story.maxcompute.title')}</h3>
            <p className="muted small">{t('ui.story.maxcompute.closed')}</p>
            <p>{t(HOW_KEYS.maxcompute[step.kind])}</p>
          </article>
        </div>
      </div>
    </section>
  );
}

function FormatColumn({ format, folder, root, step, story, pending, error, onRetry, onOpenVersion }: {
  format: StoryFormat; folder: string; root: string | undefined; step: StoryStep; story: TableStoryDto | undefined;
  pending: boolean; error: unknown; onRetry: () => void; onOpenVersion: (root: string, version?: string) => void;
}) {
  const { t } = useMessages();
  const title = formatLabel(format);
  const commit = commitAt(story?.commits, step.at);
  return (
    <article className={`story-col story-col-${format}`} aria-labelledby={`story-col-${format}`} data-format={format}>
      <h3 id={`story-col-${format}`}>{title}</h3>
      {root === undefined && <p className="notice">{t('ui.story.missing', { format: title, root: folder })}</p>}
      {pending && <ProgressLine label={t('ui.story.loading', { format: title })} />}
      {error != null && <ErrorPanel error={error} onRetry={onRetry} />}
      {story && !commit && <p className="muted">{step.kind === 'create' ? t('ui.story.noCommit.create') : t('ui.story.noCommit')}</p>}
      {story && commit && root !== undefined && <CommitView format={format} commit={commit} onOpen={() => onOpenVersion(root, commit.version)} />}
      <h4 className="story-how">{t('ui.story.how', { format: title })}</h4>
      <p className="story-how-text">{t(HOW_KEYS[format][step.kind])}</p>
    </article>
  );
}

function CommitView({ format, commit, onOpen }: { format: TableFormatName; commit: StoryCommitDto; onOpen?: () => void }) {
  const { t } = useMessages();
  const rollbackWithoutSnapshot = commit.stateKey !== undefined && commit.operation === undefined && commit.version !== undefined;
  return (
    <div className="story-commit">
      <p className="story-commit-head">
        {commit.operation && <span className="pill mono">{commit.operation}</span>}
        {commit.version !== undefined && !rollbackWithoutSnapshot && <span className="muted small mono"> {t(VERSION_KEYS[format], { version: commit.version })}</span>}
        {commit.version === undefined && <span className="muted small"> {t('ui.story.noVersion')}</span>}
      </p>
      {rollbackWithoutSnapshot && <p className="small">{t('ui.story.noSnapshot')} <span className="mono muted">{t(VERSION_KEYS[format], { version: commit.version! })}</span></p>}
      {commit.rows !== undefined && <p className="small">{t('ui.story.rows', { rows: commit.rows, live: commit.rowsLive ?? false })}</p>}
      <FileList label={t('ui.story.written', { count: commit.written.length })} files={commit.written} tone="written" />
      {commit.dropped.length > 0 && <FileList label={t('ui.story.dropped', { count: commit.dropped.length })} files={commit.dropped} tone="dropped" />}
      {commit.returned.length > 0 && <FileList label={t('ui.story.returned', { count: commit.returned.length })} files={commit.returned} tone="returned" />}
      {onOpen && commit.version !== undefined && (
        <button type="button" className="btn btn-small btn-quiet" title={t('ui.story.openTable.title', { format: formatLabel(format) })} onClick={onOpen}>{t('ui.story.openTable')}</button>
      )}
    </div>
  );
}

function FileList({ label, files, tone }: { label: string; files: readonly StoryFileDto[]; tone: 'written' | 'dropped' | 'returned' }) {
  const { t } = useMessages();
  return (
    <div className={`story-files story-files-${tone}`}>
      <p className="story-files-label">{label}</p>
      {files.length > 0 && (
        <ul>
          {files.map((f) => (
            <li key={f.key} title={f.key}>
              <span className={`story-kind story-kind-${f.kind}`}>{t(KIND_KEYS[f.kind] ?? 'ui.story.kind.data-file')}</span>
              <span className="mono story-file"><InlineText text={fileName(f.key)} /></span>
              {f.level !== undefined && <span className="muted small"> {t('ui.story.level', { level: f.level })}</span>}
              {f.deleteRows !== undefined && <span className="muted small"> {t('ui.story.deleteRows', { count: f.deleteRows })}</span>}
              {f.size !== undefined && <span className="muted small"> {formatBytes(f.size)}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Hudi: explained per step, and the commits of a real Hudi table of this warehouse on request. */
function HudiColumn({ step, warehouseId, tables }: { step: StoryStep; warehouseId: string; tables: StoryPlanDto['explainedTables'] }) {
  const { t } = useMessages();
  const hudi = tables;
  const [shown, setShown] = useState<string | undefined>();
  const q = useQuery({
    queryKey: ['story', warehouseId, shown ?? '', 'explained'],
    queryFn: ({ signal }) => engine().tableStory({ warehouseId, root: shown!, format: hudi.find((x) => x.root === shown)!.format as TableFormatName }, { signal }),
    enabled: shown !== undefined,
    staleTime: Infinity,
  });
  return (
    <article className="story-col story-col-explain" aria-labelledby="story-hudi">
      <h3 id="story-hudi">{t('ui.story.hudi.title')}</h3>
      <p className="muted small">{t('ui.story.hudi.cannot')}</p>
      <p>{t(HOW_KEYS.hudi[step.kind])}</p>
      <h4 className="story-how">{t('ui.story.hudi.show')}</h4>
      {hudi.length === 0 && <p className="muted small">{t('ui.story.hudi.none')}</p>}
      {hudi.map((x) => (
        <button key={x.root} type="button" className="btn btn-small" aria-pressed={shown === x.root} onClick={() => setShown(shown === x.root ? undefined : x.root)}>
          {shown === x.root ? t('ui.story.hudi.close') : t('ui.story.hudi.pick', { table: x.root })}
        </button>
      ))}
      {shown !== undefined && q.isPending && <ProgressLine label={t('ui.story.loading', { format: t('ui.story.hudi.title') })} />}
      {shown !== undefined && q.error != null && <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />}
      {shown !== undefined && q.data && (
        <div className="story-hudi-commits">
          <p className="small">{t('ui.story.hudi.commitsOf', { table: shown })}</p>
          {q.data.commits.map((c, i) => <CommitView key={`${c.version ?? ''}-${i}`} format={hudi.find((x) => x.root === shown)!.format as TableFormatName} commit={c} />)}
        </div>
      )}
    </article>
  );
}
