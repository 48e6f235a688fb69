import { dict } from './form';
import type { ParamValue } from './types';

/**
 * A small, bounded parser for JavaScript object literals as Google's docs print them
 * (unquoted keys, single quotes, trailing commas, // and /* *\/ comments). Used only after
 * JSON.parse fails, so that such bodies can still be decoded and flagged (basic.mp_strict_json).
 * Returns undefined on anything it cannot read. Iterative over characters, recursion depth ≤ 64.
 */
export function parseLenientJson(text: string): ParamValue | undefined {
  const p = new Parser(text);
  try {
    p.ws();
    const value = p.value(0);
    p.ws();
    return p.pos === text.length ? value : undefined;
  } catch {
    return undefined;
  }
}

const MAX_DEPTH = 64;

class Parser {
  pos = 0;
  constructor(private readonly s: string) {}

  fail(): never {
    throw new Error('lenient json');
  }

  ws(): void {
    const s = this.s;
    while (this.pos < s.length) {
      const c = s.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.pos++;
      else if (c === 47 && s.charCodeAt(this.pos + 1) === 47) {
        const nl = s.indexOf('\n', this.pos);
        this.pos = nl === -1 ? s.length : nl + 1;
      } else if (c === 47 && s.charCodeAt(this.pos + 1) === 42) {
        const end = s.indexOf('*/', this.pos + 2);
        if (end === -1) this.fail();
        this.pos = end + 2;
      } else break;
    }
  }

  value(depth: number): ParamValue {
    if (depth > MAX_DEPTH) this.fail();
    const c = this.s.charAt(this.pos);
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"' || c === "'") return this.string(c);
    if (c === '-' || (c >= '0' && c <= '9')) return this.number();
    const word = this.identifier();
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    return this.fail();
  }

  object(depth: number): ParamValue {
    this.pos++;
    const out = dict<ParamValue>();
    for (;;) {
      this.ws();
      if (this.s.charAt(this.pos) === '}') {
        this.pos++;
        return out;
      }
      const q = this.s.charAt(this.pos);
      const key = q === '"' || q === "'" ? this.string(q) : this.identifier();
      if (key === '') this.fail();
      this.ws();
      if (this.s.charAt(this.pos) !== ':') this.fail();
      this.pos++;
      this.ws();
      out[key] = this.value(depth + 1);
      this.ws();
      const sep = this.s.charAt(this.pos);
      if (sep === ',') this.pos++;
      else if (sep !== '}') this.fail();
    }
  }

  array(depth: number): ParamValue {
    this.pos++;
    const out: ParamValue[] = [];
    for (;;) {
      this.ws();
      if (this.s.charAt(this.pos) === ']') {
        this.pos++;
        return out;
      }
      out.push(this.value(depth + 1));
      this.ws();
      const sep = this.s.charAt(this.pos);
      if (sep === ',') this.pos++;
      else if (sep !== ']') this.fail();
    }
  }

  string(quote: string): string {
    const s = this.s;
    let out = '';
    let i = this.pos + 1;
    for (;;) {
      if (i >= s.length) this.fail();
      const c = s.charAt(i);
      if (c === quote) break;
      if (c === '\\') {
        const n = s.charAt(i + 1);
        const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', "'": "'", '\\': '\\', '/': '/' };
        if (n === 'u') {
          const hex = s.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail();
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
          continue;
        }
        const mapped = simple[n];
        if (mapped === undefined) this.fail();
        out += mapped;
        i += 2;
        continue;
      }
      out += c;
      i++;
    }
    this.pos = i + 1;
    return out;
  }

  number(): number {
    const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(this.s.slice(this.pos, this.pos + 64));
    if (!m) this.fail();
    this.pos += m[0].length;
    return Number(m[0]);
  }

  identifier(): string {
    const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(this.s.slice(this.pos, this.pos + 256));
    if (!m) this.fail();
    this.pos += m[0].length;
    return m[0];
  }
}
