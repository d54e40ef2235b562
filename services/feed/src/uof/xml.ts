// A strict XML reader for provider messages: one pass that both checks the document is well formed and
// builds the plain object the schemas read (the shape fast-xml-parser gives with attributes kept
// unprefixed, values as trimmed text, and the named elements always as arrays). Checking and building
// in one pass halves the work of validating first and parsing after.

/** An element: its attributes and child elements by name, `#text` for text beside them. */
export interface XmlElement {
  [name: string]: XmlValue | XmlValue[];
}
/** "" for an element with nothing in it, its text for one with only text. */
export type XmlValue = string | XmlElement;

export type XmlResult = { ok: true; doc: XmlElement } | { ok: false; reason: string };

interface Open {
  name: string;
  el: XmlElement;
  text: string;
  /** no attributes (children are counted when it closes) */
  empty: boolean;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

class XmlError extends Error {}

function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || c > 127;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

/** Text with its entity and character references replaced; an unknown or unterminated one is an error. */
function decodeText(raw: string, at: number): string {
  if (raw.indexOf("&") === -1) return raw;
  let out = "";
  let i = 0;
  for (let amp = raw.indexOf("&"); amp !== -1; amp = raw.indexOf("&", i)) {
    const semi = raw.indexOf(";", amp);
    if (semi === -1) throw new XmlError(`unterminated reference at ${at + amp}`);
    const ref = raw.slice(amp + 1, semi);
    let ch: string | undefined;
    if (ref.startsWith("#x"))
      ch = charRef(Number.parseInt(ref.slice(2), 16), /^[0-9a-fA-F]+$/.test(ref.slice(2)));
    else if (ref.startsWith("#")) ch = charRef(Number.parseInt(ref.slice(1), 10), /^\d+$/.test(ref.slice(1)));
    else ch = ENTITIES[ref];
    if (ch === undefined) throw new XmlError(`unknown reference &${ref}; at ${at + amp}`);
    out += raw.slice(i, amp) + ch;
    i = semi + 1;
  }
  return out + raw.slice(i);
}

function charRef(code: number, digits: boolean): string | undefined {
  return digits && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/** A finished element as its parent holds it. */
function closedValue(o: Open): XmlValue {
  const text = o.text.trim();
  if (o.empty && !hasKeys(o.el)) return text;
  if (text !== "") o.el["#text"] = text;
  return o.el;
}

function hasKeys(el: XmlElement): boolean {
  for (const _ in el) return true;
  return false;
}

function attach(parent: XmlElement, name: string, value: XmlValue, isArray: (name: string) => boolean): void {
  const had = parent[name];
  if (had === undefined) parent[name] = isArray(name) ? [value] : value;
  else if (Array.isArray(had)) had.push(value);
  else parent[name] = [had, value];
}

/**
 * Reads one XML document. Anything not well formed (an unclosed or mismatched element, a broken
 * attribute, text or a second element outside the root, an unknown entity) is refused with a reason;
 * comments, the declaration and processing instructions are skipped; a document type is refused.
 */
export function readXml(xml: string, isArray: (name: string) => boolean): XmlResult {
  try {
    return { ok: true, doc: read(xml, isArray) };
  } catch (e) {
    if (e instanceof XmlError) return { ok: false, reason: e.message };
    throw e;
  }
}

function read(xml: string, isArray: (name: string) => boolean): XmlElement {
  const n = xml.length;
  const doc: XmlElement = {};
  const stack: Open[] = [];
  let roots = 0;
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < n) {
    const lt = xml.indexOf("<", i);
    const end = lt === -1 ? n : lt;
    if (end > i) {
      const top = stack[stack.length - 1];
      if (top) top.text += decodeText(xml.slice(i, end), i);
      else if (xml.slice(i, end).trim() !== "") throw new XmlError(`text outside the root element at ${i}`);
    }
    if (lt === -1) break;
    const c = xml.charCodeAt(lt + 1);
    if (c === 63 /* ? */) {
      const close = xml.indexOf("?>", lt + 2);
      if (close === -1) throw new XmlError(`unterminated processing instruction at ${lt}`);
      i = close + 2;
    } else if (c === 33 /* ! */) {
      if (xml.startsWith("<!--", lt)) {
        const close = xml.indexOf("-->", lt + 4);
        if (close === -1) throw new XmlError(`unterminated comment at ${lt}`);
        i = close + 3;
      } else if (xml.startsWith("<![CDATA[", lt)) {
        const close = xml.indexOf("]]>", lt + 9);
        const top = stack[stack.length - 1];
        if (close === -1) throw new XmlError(`unterminated CDATA section at ${lt}`);
        if (!top) throw new XmlError(`CDATA outside the root element at ${lt}`);
        top.text += xml.slice(lt + 9, close);
        i = close + 3;
      } else throw new XmlError(`unsupported markup declaration at ${lt}`);
    } else if (c === 47 /* / */) {
      const close = xml.indexOf(">", lt + 2);
      if (close === -1) throw new XmlError(`unterminated closing tag at ${lt}`);
      const name = xml.slice(lt + 2, close).trimEnd();
      const top = stack.pop();
      if (!top || top.name !== name)
        throw new XmlError(
          `closing tag </${name}> does not match ${top ? `<${top.name}>` : "any open element"}`,
        );
      attach(stack[stack.length - 1]?.el ?? doc, name, closedValue(top), isArray);
      i = close + 1;
    } else {
      i = openTag(xml, lt, stack, doc, isArray, () => {
        if (++roots > 1) throw new XmlError(`a second root element at ${lt}`);
      });
    }
  }
  const open = stack.pop();
  if (open) throw new XmlError(`unclosed element <${open.name}>`);
  if (roots === 0) throw new XmlError("no root element");
  return doc;
}

/** Reads a start tag at `lt` and its attributes; answers where reading goes on. */
function openTag(
  xml: string,
  lt: number,
  stack: Open[],
  doc: XmlElement,
  isArray: (name: string) => boolean,
  root: () => void,
): number {
  const n = xml.length;
  let p = lt + 1;
  if (!isNameStart(xml.charCodeAt(p))) throw new XmlError(`bad tag name at ${lt}`);
  while (p < n && isNameChar(xml.charCodeAt(p))) p++;
  const name = xml.slice(lt + 1, p);
  if (stack.length === 0) root();
  const el: XmlElement = {};
  let empty = true;
  for (;;) {
    const before = p;
    while (p < n && isSpace(xml.charCodeAt(p))) p++;
    const c = xml.charCodeAt(p);
    if (c === 62 /* > */) {
      stack.push({ name, el, text: "", empty });
      return p + 1;
    }
    if (c === 47 /* / */ && xml.charCodeAt(p + 1) === 62) {
      attach(stack[stack.length - 1]?.el ?? doc, name, empty ? "" : el, isArray);
      return p + 2;
    }
    if (p >= n) throw new XmlError(`unterminated tag <${name}>`);
    if (p === before || !isNameStart(c)) throw new XmlError(`bad attribute in <${name}> at ${p}`);
    const start = p;
    while (p < n && isNameChar(xml.charCodeAt(p))) p++;
    const attr = xml.slice(start, p);
    while (p < n && isSpace(xml.charCodeAt(p))) p++;
    if (xml.charCodeAt(p) !== 61 /* = */) throw new XmlError(`attribute ${attr} of <${name}> has no value`);
    p++;
    while (p < n && isSpace(xml.charCodeAt(p))) p++;
    const q = xml.charCodeAt(p);
    if (q !== 34 && q !== 39) throw new XmlError(`attribute ${attr} of <${name}> is not quoted`);
    const close = xml.indexOf(q === 34 ? '"' : "'", p + 1);
    if (close === -1) throw new XmlError(`attribute ${attr} of <${name}> is not closed`);
    const raw = xml.slice(p + 1, close);
    if (raw.indexOf("<") !== -1) throw new XmlError(`attribute ${attr} of <${name}> holds a "<"`);
    if (el[attr] !== undefined) throw new XmlError(`attribute ${attr} of <${name}> is repeated`);
    el[attr] = decodeText(raw, p + 1).trim();
    empty = false;
    p = close + 1;
  }
}
