/**
 * The SQL editor: a plain textarea (native editing, undo, IME, screen readers) over a highlighted copy of
 * its text drawn underneath — same font, padding and scroll, so each coloured character sits under its
 * character. Completion of tables, columns, functions and keywords in a listbox at the caret; Ctrl/Cmd+Enter
 * runs; an error's position is marked in the text (a wavy underline and a caret in the gutter line).
 * Chosen over CodeMirror 6 for size: this is a few kB, and the Query tab loads the editor before any query.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMessages } from '../common/messages.ts';
import { completionsAt, type CompletionResult, type CompletionSource } from './sql-complete.ts';
import { tokenizeSql } from './sql-tokens.ts';
import { errorSpan, type QueryPosition } from './result-model.ts';

export interface SqlEditorProps {
  readonly value: string;
  readonly onChange: (sql: string) => void;
  readonly onRun: () => void;
  readonly source: CompletionSource;
  /** Where the last error points; marked until the text changes. */
  readonly errorAt?: QueryPosition;
  readonly disabled?: boolean;
}

const MIN_LINES = 4;
const MAX_LINES = 14;

export function SqlEditor({ value, onChange, onRun, source, errorAt, disabled }: SqlEditorProps) {
  const { t } = useMessages();
  const area = useRef<HTMLTextAreaElement>(null);
  const under = useRef<HTMLPreElement>(null);
  const [menu, setMenu] = useState<(CompletionResult & { active: number }) | null>(null);
  const lines = value.split('\n').length;
  const rows = Math.max(MIN_LINES, Math.min(MAX_LINES, lines + 1));

  const highlighted = useMemo(() => highlight(value, errorAt), [value, errorAt]);
  const sync = () => {
    if (under.current && area.current) { under.current.scrollTop = area.current.scrollTop; under.current.scrollLeft = area.current.scrollLeft; }
  };
  useEffect(sync, [value]);

  const suggest = (text: string, caret: number, explicit: boolean) => {
    const r = completionsAt(text, caret, source, explicit);
    setMenu(r ? { ...r, active: 0 } : null);
  };
  const accept = (i: number) => {
    if (!menu) return;
    const item = menu.items[i]!;
    const next = value.slice(0, menu.from) + item.insert + value.slice(menu.to);
    onChange(next);
    setMenu(null);
    const caret = menu.from + item.insert.length;
    requestAnimationFrame(() => { area.current?.setSelectionRange(caret, caret); area.current?.focus(); });
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); setMenu(null); onRun(); return; }
    if (e.key === ' ' && e.ctrlKey) { e.preventDefault(); suggest(value, e.currentTarget.selectionStart, true); return; }
    if (!menu) return;
    const n = menu.items.length;
    const move: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 8, PageUp: -8 };
    if (e.key in move) { e.preventDefault(); setMenu({ ...menu, active: (menu.active + move[e.key]! + n * 8) % n }); return; }
    if (e.key === 'Enter' || e.key === 'Tab') { e.preventDefault(); accept(menu.active); return; }
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); setMenu(null); }
  };

  const at = menu ? caretBox(value, menu.from, area.current) : undefined;
  return (
    <div className={`sql-editor${disabled ? ' disabled' : ''}`}>
      <pre ref={under} className="sql-under" aria-hidden>{highlighted}{'\n'}</pre>
      <textarea ref={area} className="sql-input" value={value} rows={rows} spellCheck={false} autoCapitalize="off" autoComplete="off" autoCorrect="off"
        aria-label={t('ui.query.editorLabel')} aria-describedby="sql-editor-keys" aria-autocomplete="list" aria-expanded={menu !== null}
        aria-controls={menu ? 'sql-completions' : undefined} aria-activedescendant={menu ? `sql-completion-${menu.active}` : undefined}
        aria-invalid={errorAt !== undefined}
        onChange={(e) => { onChange(e.target.value); suggest(e.target.value, e.target.selectionStart, false); }}
        onKeyDown={onKeyDown} onScroll={sync} onBlur={() => setMenu(null)} onClick={() => setMenu(null)} />
      {menu && at && (
        <ul id="sql-completions" className="sql-completions" role="listbox" aria-label={t('ui.query.completions')} style={{ top: at.top, left: at.left }}>
          {menu.items.map((c, i) => (
            <li key={`${c.kind}:${c.label}`} id={`sql-completion-${i}`} role="option" aria-selected={i === menu.active}
              className={`sql-completion kind-${c.kind}${i === menu.active ? ' active' : ''}`}
              onMouseDown={(e) => { e.preventDefault(); accept(i); }}>
              <span className="sql-completion-kind" aria-hidden>{KIND_MARK[c.kind]}</span>
              <span className="mono">{c.label}</span>
              {c.detail && <span className="muted small sql-completion-detail">{c.detail}</span>}
            </li>
          ))}
        </ul>
      )}
      <span id="sql-editor-keys" className="visually-hidden">{t('ui.query.keys')}</span>
    </div>
  );
}

const KIND_MARK = { table: 'T', column: 'c', function: 'ƒ', keyword: 'k' } as const;

/** The coloured copy of the text, with the error's word wrapped in a mark. */
function highlight(sql: string, errorAt: QueryPosition | undefined): React.ReactNode[] {
  const out: React.ReactNode[] = [];
  const err = errorAt ? errorSpan(sql, errorAt.offset) : undefined;
  for (const tok of tokenizeSql(sql)) {
    const end = tok.start + tok.text.length;
    if (err && err[0] < end && err[1] > tok.start) {
      // Split the token around the marked span so the underline covers exactly the word the error names.
      const a = Math.max(tok.start, err[0]); const b = Math.min(end, err[1]);
      if (a > tok.start) out.push(<span key={`${tok.start}a`} className={`sq-${tok.kind}`}>{sql.slice(tok.start, a)}</span>);
      out.push(<mark key={`${tok.start}e`} className={`sq-${tok.kind} sq-error`} data-testid="sql-error-mark">{sql.slice(a, b)}</mark>);
      if (b < end) out.push(<span key={`${tok.start}b`} className={`sq-${tok.kind}`}>{sql.slice(b, end)}</span>);
    } else out.push(<span key={tok.start} className={`sq-${tok.kind}`}>{tok.text}</span>);
  }
  // An error at the very end (e.g. "unexpected end of input") gets a visible marker after the text.
  if (err && err[0] >= sql.length) out.push(<mark key="end" className="sq-error sq-error-end" data-testid="sql-error-mark"> </mark>);
  return out;
}

/** Pixel position under the character at `offset` (monospace: columns × the width of one character). */
function caretBox(sql: string, offset: number, el: HTMLTextAreaElement | null): { top: number; left: number } | undefined {
  if (!el) return undefined;
  const before = sql.slice(0, offset).split('\n');
  const style = getComputedStyle(el);
  const lineHeight = parseFloat(style.lineHeight) || 20;
  const charWidth = measureChar(style.font);
  const padTop = parseFloat(style.paddingTop) || 0; const padLeft = parseFloat(style.paddingLeft) || 0;
  return {
    top: padTop + before.length * lineHeight - el.scrollTop + 2,
    left: Math.max(0, padLeft + before[before.length - 1]!.length * charWidth - el.scrollLeft),
  };
}

let measured: { font: string; width: number } | undefined;
function measureChar(font: string): number {
  if (measured?.font === font) return measured.width;
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return 8;
  ctx.font = font;
  measured = { font, width: ctx.measureText('0000000000').width / 10 };
  return measured.width;
}
