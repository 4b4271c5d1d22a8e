/**
 * One row of the metadata tree as DOM, written imperatively (issue 17): what a row shows is computed as
 * plain strings ({@link nodeRowText}, {@link messageRowText}; no DOM, unit-tested), and a {@link RowView}
 * writes them into a fixed set of elements it built once, touching only what changed since its last row:
 * text through `Text.data`/`textContent` (never HTML), attributes and the position by comparison, no
 * listener per row (the pool delegates clicks), no layout read.
 */
import type { TreeNode, TreeNodeKind } from '../../core/api/table-dto.ts';
import { distinctEllipsis, formatBytes } from '../common/format.ts';
import type { Translator } from '../common/messages.ts';
import { capText, hasHiddenChars, safeTitle, textParts } from '../common/safe-text.ts';
import { isNewKey } from '../sandbox/sandbox-context.ts';
import { type TreeRow, nodeSummary } from './tree-model.ts';

/** Height of every row in px (`.tree-row` in explorer.css says the same). */
export const ROW_HEIGHT = 26;

const ICON: Partial<Record<TreeNodeKind, readonly [string, string]>> = {
  'metadata-file': ['{}', '#6b5bd6'], snapshot: ['◷', '#6b5bd6'], 'manifest-list': ['≣', '#1b6fb3'], manifest: ['▤', '#1b6fb3'],
  'data-file': ['▮', '#2e9d57'], 'delete-file': ['✕', '#d14343'], 'deletion-vector': ['◫', '#d14343'], 'statistics-file': ['∑', '#8a9099'],
  'lsm-level': ['≡', '#b8600d'], 'file-slice': ['▮', '#2e9d57'], 'log-file': ['≋', '#d98e04'], checkpoint: ['◆', '#00806b'], commit: ['●', '#00806b'],
};
const OTHER_ICON = ['•', '#8a9099'] as const;
/** Characters of a label before it is cut where its siblings agree. */
const LABEL_MAX = 48;
/** Characters of a summary before it is cut. */
const SUMMARY_MAX = 200;
/** Characters of an error row's message before it is cut (the tooltip has it all). */
const ERROR_MAX = 300;

/** Where siblings' labels agree (commonAffixes), so a cut keeps what tells them apart. */
export type Affixes = { readonly prefix: number; readonly suffix: number };

/** What a node row shows, as strings. */
export interface NodeRowText {
  readonly glyph: string;
  readonly color: string;
  /** `▾` open, `▸` closed, '' for a node without children. */
  readonly twisty: string;
  readonly label: string;
  readonly kind: string;
  /** '' when the node has no summary. */
  readonly summary: string;
  /** '' when the node has no size. */
  readonly size: string;
  readonly sizeTitle: string;
  /** Tooltip of the row: the whole path (labels are cut). */
  readonly title: string;
  readonly deleted: boolean;
  /** Written by the sandbox's last write. */
  readonly isNew: boolean;
}

/** The strings of a node row in the reader's language (`tr`). */
export function nodeRowText(row: Extract<TreeRow, { type: 'node' }>, affixes: Affixes, written: ReadonlySet<string>, tr: Translator): NodeRowText {
  const n: TreeNode = row.node;
  const [glyph, color] = ICON[n.kind] ?? OTHER_ICON;
  const summary = nodeSummary(n, tr);
  // A label that is a word (Delta's deletion vector, Hudi's file group…) comes as a message, in the reader's language.
  const label = n.labelMessage ? tr.ref(n.labelMessage) : n.label;
  return {
    glyph, color,
    twisty: n.hasChildren ? (row.expanded ? '▾' : '▸') : '',
    label: distinctEllipsis(label, LABEL_MAX, affixes),
    kind: tr.t('tree.kind', { kind: n.kind }),
    summary: summary.length > SUMMARY_MAX ? `${summary.slice(0, SUMMARY_MAX - 1)}…` : summary,
    size: n.size !== undefined ? formatBytes(n.size) : '',
    sizeTitle: n.size !== undefined ? tr.t('ui.bytes.exact', { count: n.size }) : '',
    title: safeTitle(n.path ?? n.location ?? label),
    deleted: n.details?.status === 'deleted',
    isNew: written.size > 0 && isNewKey(written, n.location),
  };
}

/** What a loading, empty or error row shows: its text (marks not yet applied), class and tooltip. */
export function messageRowText(row: Exclude<TreeRow, { type: 'node' }>, tr: Translator): { readonly text: string; readonly className: string; readonly title?: string } {
  if (row.type === 'loading') return { text: tr.t('ui.tree.loading'), className: 'muted small' };
  if (row.type === 'empty') return { text: tr.t('ui.tree.emptyNode'), className: 'muted small' };
  const message = (row.error as { message?: unknown } | undefined)?.message;
  const { text, omitted } = capText(String(message ?? tr.t('ui.tree.failed')), ERROR_MAX);
  return { text: `⚠ ${omitted ? `${text}…` : text}`, className: 'error-inline small', title: safeTitle(String(message ?? row.error)) };
}

/** What the rows of one list share: the reader's language, sibling affixes, the sandbox's new files. */
export interface RowContext {
  readonly tr: Translator;
  readonly affixes: (parentKey: string) => Affixes;
  readonly written: ReadonlySet<string>;
}

/** Writes `text` into `el` as text, bidi/control characters as visible marks (like `<Marked>`). */
function writeMarked(el: HTMLElement, text: string, markTitle: string): void {
  if (!hasHiddenChars(text)) {
    const f = el.firstChild;
    if (f !== null && f === el.lastChild && f.nodeType === 3) (f as Text).data = text;
    else el.textContent = text;
    return;
  }
  const doc = el.ownerDocument;
  el.replaceChildren(...textParts(text).map((p) => {
    if (!p.mark) return doc.createTextNode(p.text);
    const s = doc.createElement('span');
    s.className = 'ctl-mark';
    s.title = markTitle;
    s.textContent = p.text;
    return s;
  }));
}

function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className: string): HTMLElementTagNameMap[K] {
  const e = doc.createElement(tag);
  e.className = className;
  return e;
}

/** The elements of a node row, built once per view. */
interface NodeParts {
  readonly twisty: HTMLSpanElement;
  readonly icon: HTMLSpanElement;
  readonly label: HTMLElement;
  /** Made the first time the row shows a new file. */
  newTag: HTMLSpanElement | undefined;
  readonly kind: HTMLSpanElement;
  readonly summary: HTMLElement;
  readonly size: HTMLSpanElement;
}

/**
 * One row's DOM, reused for whichever row of the list it is given. `show` writes a row (cheap when it is
 * the row it shows already), `mark` its active/selected state.
 */
export class RowView {
  readonly el: HTMLDivElement;
  /** The list index this view shows, -1 when free. */
  index = -1;
  private row: TreeRow | undefined;
  private context: RowContext | undefined;
  private parts: NodeParts | undefined;
  private message: HTMLElement | undefined;
  /** Class without the active/selected state. */
  private base = 'tree-row';
  /** Last written values, by slot (see `put`). */
  private readonly last: (string | undefined)[] = [];

  constructor(doc: Document) {
    this.el = element(doc, 'div', 'tree-row');
    this.el.setAttribute('role', 'treeitem');
  }

  /** An attribute of `target`, written only when it changed; `undefined` removes it. */
  private put(slot: number, target: Element, name: string, value: string | undefined): void {
    if (this.last[slot] === value) return;
    this.last[slot] = value;
    if (value === undefined) target.removeAttribute(name);
    else target.setAttribute(name, value);
  }

  /** Text of `target`, written only when it changed. */
  private text(slot: number, target: HTMLElement, value: string, markTitle: string): void {
    if (this.last[slot] === value) return;
    this.last[slot] = value;
    writeMarked(target, value, markTitle);
  }

  /** Writes list row `index` (`row`) into this view; nothing when it shows that row already in this context. */
  show(row: TreeRow, index: number, context: RowContext): void {
    const moved = index !== this.index;
    if (moved) {
      this.index = index;
      this.el.id = `tree-row-${index}`;
      this.el.style.transform = `translateY(${index * ROW_HEIGHT}px)`;
    }
    if (row === this.row && context === this.context) return;
    this.row = row;
    this.context = context;
    const el = this.el;
    this.put(0, el, 'aria-level', String(row.depth + 1));
    if (this.last[1] !== String(row.depth)) { this.last[1] = String(row.depth); el.style.paddingLeft = `${8 + row.depth * 18}px`; }
    const markTitle = context.tr.t('ui.common.controlMark');
    if (row.type !== 'node') {
      const m = messageRowText(row, context.tr);
      const target = this.messageParts();
      this.base = `tree-row tree-${row.type}`;
      this.put(2, el, 'aria-expanded', undefined);
      this.put(3, el, 'aria-selected', undefined);
      this.put(4, el, 'aria-setsize', undefined);
      this.put(5, el, 'aria-posinset', undefined);
      this.put(6, el, 'data-kind', undefined);
      this.put(7, el, 'data-new', undefined);
      this.put(8, el, 'title', undefined);
      if (target.className !== m.className) target.className = m.className;
      this.put(9, target, 'title', m.title);
      this.text(10, target, m.text, markTitle);
      return;
    }
    const p = this.nodeParts();
    const r = nodeRowText(row, context.affixes(row.parentKey ?? ''), context.written, context.tr);
    const n = row.node;
    this.base = `tree-row${r.deleted ? ' deleted' : ''}${r.isNew ? ' sb-new' : ''}`;
    this.put(2, el, 'aria-expanded', n.hasChildren ? String(row.expanded) : undefined);
    this.put(4, el, 'aria-setsize', String(row.siblings));
    this.put(5, el, 'aria-posinset', String(row.index + 1));
    this.put(6, el, 'data-kind', n.kind);
    this.put(7, el, 'data-new', r.isNew ? 'true' : undefined);
    this.put(8, el, 'title', r.title);
    this.text(12, p.twisty, r.twisty, markTitle);
    if (this.last[13] !== r.color) { this.last[13] = r.color; p.icon.style.color = r.color; }
    this.text(14, p.icon, r.glyph, markTitle);
    this.text(15, p.label, r.label, markTitle);
    if (r.isNew && !p.newTag) {
      p.newTag = element(el.ownerDocument, 'span', 'sb-new-tag');
      p.label.after(p.newTag);
    }
    if (p.newTag) {
      if (p.newTag.hidden === r.isNew) p.newTag.hidden = !r.isNew;
      if (r.isNew) {
        this.text(16, p.newTag, context.tr.t('ui.sandbox.newFile'), markTitle);
        this.put(17, p.newTag, 'title', context.tr.t('ui.sandbox.newFile.title'));
      }
    }
    this.text(18, p.kind, r.kind, markTitle);
    if (p.summary.hidden !== (r.summary === '')) p.summary.hidden = r.summary === '';
    this.text(19, p.summary, r.summary, markTitle);
    if (p.size.hidden !== (r.size === '')) p.size.hidden = r.size === '';
    this.text(20, p.size, r.size, markTitle);
    this.put(21, p.size, 'title', r.sizeTitle || undefined);
  }

  /** The row's active (keyboard) and selected (inspector) state; a message row is never selected. */
  mark(active: boolean, selected: boolean): void {
    const node = this.row?.type === 'node';
    const cls = `${this.base}${active ? ' active' : ''}${node && selected ? ' selected' : ''}`;
    if (this.last[22] !== cls) { this.last[22] = cls; this.el.className = cls; }
    if (node) this.put(3, this.el, 'aria-selected', String(selected));
  }

  /** The row this view shows (for delegated clicks). */
  get shown(): TreeRow | undefined {
    return this.row;
  }

  private nodeParts(): NodeParts {
    if (this.parts) return this.parts;
    const doc = this.el.ownerDocument;
    // The twisty is a plain span, not a button: the treeitem is what expands (aria-expanded, arrow keys),
    // a click on the twisty is caught by the pool's one listener, and a button would cost a scroll frame
    // its extra style and layout (and take focus from the tree).
    const twisty = element(doc, 'span', 'twisty-btn');
    twisty.setAttribute('aria-hidden', 'true');
    const icon = element(doc, 'span', 'kind-icon');
    icon.setAttribute('aria-hidden', 'true');
    const label = element(doc, 'bdi', 'tree-label mono safe-text');
    const kind = element(doc, 'span', 'tree-kind muted');
    const summary = element(doc, 'bdi', 'tree-summary muted safe-text');
    const size = element(doc, 'span', 'tree-size num muted');
    this.el.replaceChildren(twisty, icon, label, kind, summary, size);
    this.message = undefined;
    // Keep the row's own attributes' record (slots 0–8) but forget the children's.
    this.last.length = 9;
    return (this.parts = { twisty, icon, label, newTag: undefined, kind, summary, size });
  }

  private messageParts(): HTMLElement {
    if (this.message) return this.message;
    const span = element(this.el.ownerDocument, 'span', '');
    this.el.replaceChildren(span);
    this.parts = undefined;
    // Keep the row's own attributes' record (slots 0–8) but forget the children's.
    this.last.length = 9;
    return (this.message = span);
  }
}
