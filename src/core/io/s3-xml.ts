/**
 * A tiny, DOM-free XML reader for S3 responses (ListObjectsV2 results, error bodies). Written by hand
 * because workers and Node have no DOMParser, and the XML S3 returns is a small, regular subset:
 * elements, text, entities, CDATA, comments, a prolog; no DTDs. Namespaces are dropped (`s3:Key` → `Key`).
 */
import { messageError } from '../message-error.ts';
import { errorRef, type ErrorRef } from '../messages/message-parts.ts';

/** One element: its local name, child elements in order and its concatenated text content. */
export interface XmlElement {
  readonly name: string;
  readonly children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Replaces the five XML entities and numeric character references. Unknown entities are an error. */
export function decodeXmlText(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (_, ref: string) => {
    if (ref[0] === '#') {
      const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!(cp >= 0 && cp <= 0x10ffff)) throw messageError('DataInvalid', 'error.xml.charRef', { ref });
      return String.fromCodePoint(cp);
    }
    const v = ENTITIES[ref];
    if (v === undefined) throw messageError('DataInvalid', 'error.xml.entity', { ref });
    return v;
  });
}

/** Escapes text for an XML element body (used to build S3 request bodies such as CORS rules). */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&${Object.entries(ENTITIES).find(([, v]) => v === c)![0]};`);
}

/**
 * Parses an XML document and returns its root element. Throws DataInvalid on malformed input
 * (unclosed or mismatched tags, no root) — a truncated listing must never read as a shorter one.
 */
export function parseXml(xml: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  const fail = (why: ErrorRef): never => {
    throw messageError('DataInvalid', 'error.xml.malformed', { why, offset: i }, { offset: i });
  };
  const no = (what: ErrorRef) => fail(errorRef('error.xml.why.unterminated', { what }));
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt < 0 ? xml.length : lt;
    if (textEnd > i) {
      const text = xml.slice(i, textEnd);
      if (stack.length) stack[stack.length - 1]!.text += decodeXmlText(text);
      else if (text.trim()) fail(errorRef('error.xml.why.textOutside', undefined));
    }
    if (lt < 0) break;
    i = lt;
    if (xml.startsWith('<?', i)) {
      i = endOf(xml, '?>', i) ?? no(errorRef('error.xml.what.pi', undefined));
    } else if (xml.startsWith('<!--', i)) {
      i = endOf(xml, '-->', i) ?? no(errorRef('error.xml.what.comment', undefined));
    } else if (xml.startsWith('<![CDATA[', i)) {
      const end = xml.indexOf(']]>', i);
      if (end < 0) no(errorRef('error.xml.what.cdata', undefined));
      if (stack.length) stack[stack.length - 1]!.text += xml.slice(i + 9, end);
      i = end + 3;
    } else if (xml.startsWith('<!', i)) {
      fail(errorRef('error.xml.why.dtd', undefined));
    } else if (xml[i + 1] === '/') {
      const end = xml.indexOf('>', i);
      if (end < 0) no(errorRef('error.xml.what.endTag', undefined));
      const name = localName(xml.slice(i + 2, end).trim());
      const open = stack.pop();
      if (!open || open.name !== name) fail(errorRef('error.xml.why.unexpectedEnd', { name }));
      i = end + 1;
    } else {
      const end = tagEnd(xml, i) ?? no(errorRef('error.xml.what.startTag', undefined));
      const selfClosing = xml[end - 1] === '/';
      const body = xml.slice(i + 1, selfClosing ? end - 1 : end);
      const name = localName(/^[^\s/>]+/.exec(body)?.[0] ?? fail(errorRef('error.xml.why.emptyName', undefined)));
      const el: XmlElement = { name, children: [], text: '' };
      if (stack.length) stack[stack.length - 1]!.children.push(el);
      else if (root) fail(errorRef('error.xml.why.secondRoot', undefined));
      else root = el;
      if (!selfClosing) stack.push(el);
      i = end + 1;
    }
  }
  if (stack.length) fail(errorRef('error.xml.why.unclosed', { name: stack[stack.length - 1]!.name }));
  return root ?? fail(errorRef('error.xml.why.noRoot', undefined));
}

/** First child element with this name. */
export function child(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.name === name);
}

/** All child elements with this name. */
export function childrenNamed(el: XmlElement | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** Text of the first child with this name, or undefined when absent. */
export function childText(el: XmlElement | undefined, name: string): string | undefined {
  return child(el, name)?.text;
}

function localName(qname: string): string {
  const colon = qname.indexOf(':');
  return colon < 0 ? qname : qname.slice(colon + 1);
}

function endOf(xml: string, terminator: string, from: number): number | undefined {
  const end = xml.indexOf(terminator, from);
  return end < 0 ? undefined : end + terminator.length;
}

/** Index of the '>' closing a start tag, skipping '>' inside quoted attribute values. */
function tagEnd(xml: string, from: number): number | undefined {
  let quote = '';
  for (let j = from + 1; j < xml.length; j++) {
    const c = xml[j]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return j;
  }
  return undefined;
}
