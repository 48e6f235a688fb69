/**
 * Regular expressions for custom rules, matched in linear time.
 *
 * Why not `new RegExp`: JavaScript's engine backtracks, so a hostile pattern such as `(a+)+$`
 * or `a?a?a?…aaa` can take exponential time on a short input and stall the collector for every
 * tenant. Limits on pattern shape only reduce the risk. Here patterns are parsed into a small
 * AST and compiled to a Thompson NFA that is simulated state-set by state-set: the work is at
 * most O(states × input length), whatever the pattern. Patterns are also capped (200 chars,
 * 2 000 NFA states) and inputs are matched on their first 2 000 characters.
 *
 * Supported: literals, `.`, classes `[a-z]` / `[^…]`, `\d \D \w \W \s \S`, escapes, `^`, `$`,
 * groups `(…)` / `(?:…)`, `|`, `* + ?` and `{n}`, `{n,}`, `{n,m}` (lazy `?` accepted), flag `i`.
 * Rejected with a clear error: backreferences, lookaround, `\b`, `\p{…}`, other flags.
 */

export const MAX_PATTERN_LENGTH = 200;
export const MAX_INPUT_LENGTH = 2000;
const MAX_STATES = 2000;
const MAX_REPEAT = 100;

type CharTest = (c: number) => boolean;

type Node =
  | { t: 'char'; test: CharTest }
  | { t: 'bol' }
  | { t: 'eol' }
  | { t: 'cat'; items: Node[] }
  | { t: 'alt'; options: Node[] }
  | { t: 'rep'; node: Node; min: number; max: number }; // max = Infinity for unbounded

class PatternError extends Error {}

const isDigit: CharTest = (c) => c >= 48 && c <= 57;
const isWord: CharTest = (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isSpace: CharTest = (c) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029;

function lowerCode(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c < 128 ? c : String.fromCharCode(c).toLowerCase().charCodeAt(0);
}

class Parser {
  pos = 0;
  constructor(
    private readonly src: string,
    private readonly ignoreCase: boolean,
  ) {}

  parse(): Node {
    const node = this.alternation();
    if (this.pos < this.src.length) throw new PatternError(`unexpected "${this.src.charAt(this.pos)}" at position ${this.pos + 1}`);
    return node;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.src.charAt(this.pos) === '|') {
      this.pos++;
      options.push(this.sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { t: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.pos < this.src.length) {
      const c = this.src.charAt(this.pos);
      if (c === '|' || c === ')') break;
      let atom = this.atom();
      atom = this.quantified(atom);
      items.push(atom);
    }
    return { t: 'cat', items };
  }

  private quantified(atom: Node): Node {
    const c = this.src.charAt(this.pos);
    let min: number;
    let max: number;
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d{1,3})(,(\d{0,3}))?\}/.exec(this.src.slice(this.pos));
      if (!m) throw new PatternError(`invalid repetition at position ${this.pos + 1}`);
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' || m[3] === undefined ? Infinity : Number(m[3]);
      if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) throw new PatternError(`repetition counts are limited to ${MAX_REPEAT}`);
      if (max < min) throw new PatternError(`repetition {${min},${max}} has max < min`);
      this.pos += m[0].length - 1;
    } else return atom;
    this.pos++;
    if (this.src.charAt(this.pos) === '?') this.pos++; // lazy: same result for a yes/no match
    if (atom.t === 'bol' || atom.t === 'eol') throw new PatternError('an anchor cannot be repeated');
    const next = this.src.charAt(this.pos);
    if (next === '*' || next === '+' || next === '{') throw new PatternError(`nothing to repeat at position ${this.pos + 1}`);
    return { t: 'rep', node: atom, min, max };
  }

  private atom(): Node {
    const c = this.src.charAt(this.pos);
    if (c === '(') {
      this.pos++;
      if (this.src.charAt(this.pos) === '?') {
        const look = this.src.slice(this.pos, this.pos + 3);
        if (look.startsWith('?:')) this.pos += 2;
        else if (look.startsWith('?<') && look !== '?<=' && look !== '?<!') {
          const end = this.src.indexOf('>', this.pos);
          if (end === -1) throw new PatternError('unterminated group name');
          this.pos = end + 1;
        } else throw new PatternError('lookahead / lookbehind are not supported');
      }
      const inner = this.alternation();
      if (this.src.charAt(this.pos) !== ')') throw new PatternError('missing ")"');
      this.pos++;
      return inner;
    }
    if (c === ')') throw new PatternError(`unmatched ")" at position ${this.pos + 1}`);
    if (c === '*' || c === '+' || c === '?' || c === '{') throw new PatternError(`nothing to repeat at position ${this.pos + 1}`);
    this.pos++;
    if (c === '^') return { t: 'bol' };
    if (c === '$') return { t: 'eol' };
    if (c === '.') return { t: 'char', test: (x) => x !== 10 && x !== 13 };
    if (c === '[') return this.charClass();
    if (c === '\\') return { t: 'char', test: this.escape(false) };
    return { t: 'char', test: this.literal(c.charCodeAt(0)) };
  }

  private literal(code: number): CharTest {
    if (!this.ignoreCase) return (x) => x === code;
    const lc = lowerCode(code);
    return (x) => lowerCode(x) === lc;
  }

  /** Reads the char after a backslash; returns a test. */
  private escape(inClass: boolean): CharTest {
    const c = this.src.charAt(this.pos);
    if (c === '') throw new PatternError('pattern ends with "\\"');
    this.pos++;
    switch (c) {
      case 'd':
        return isDigit;
      case 'D':
        return (x) => !isDigit(x);
      case 'w':
        return isWord;
      case 'W':
        return (x) => !isWord(x);
      case 's':
        return isSpace;
      case 'S':
        return (x) => !isSpace(x);
      case 'n':
        return (x) => x === 10;
      case 'r':
        return (x) => x === 13;
      case 't':
        return (x) => x === 9;
      default:
        break;
    }
    if (c >= '1' && c <= '9') throw new PatternError('backreferences are not supported');
    if (c === 'k') throw new PatternError('named backreferences are not supported');
    if (c === 'b' || c === 'B') {
      if (inClass && c === 'b') return (x) => x === 8;
      throw new PatternError('word boundaries (\\b) are not supported');
    }
    if (c === 'p' || c === 'P') throw new PatternError('unicode property escapes are not supported');
    if (c === 'u' || c === 'x') {
      const len = c === 'u' ? 4 : 2;
      const hex = this.src.slice(this.pos, this.pos + len);
      if (hex.length !== len || !/^[0-9a-fA-F]+$/.test(hex)) throw new PatternError(`invalid \\${c} escape`);
      this.pos += len;
      return this.literal(parseInt(hex, 16));
    }
    if (/[A-Za-z0-9]/.test(c)) throw new PatternError(`unknown escape "\\${c}"`);
    return this.literal(c.charCodeAt(0));
  }

  private charClass(): Node {
    let negate = false;
    if (this.src.charAt(this.pos) === '^') {
      negate = true;
      this.pos++;
    }
    const tests: CharTest[] = [];
    let first = true;
    for (;;) {
      if (this.pos >= this.src.length) throw new PatternError('missing "]"');
      const c = this.src.charAt(this.pos);
      if (c === ']' && !first) {
        this.pos++;
        break;
      }
      first = false;
      let lo: number | undefined;
      if (c === '\\') {
        this.pos++;
        const save = this.pos;
        const esc = this.src.charAt(save);
        const test = this.escape(true);
        if ('dDwWsS'.includes(esc)) {
          tests.push(test);
          continue;
        }
        lo = /[ux]/.test(esc) ? parseInt(this.src.slice(save + 1, this.pos), 16) : esc === 'n' ? 10 : esc === 'r' ? 13 : esc === 't' ? 9 : esc === 'b' ? 8 : esc.charCodeAt(0);
      } else {
        lo = c.charCodeAt(0);
        this.pos++;
      }
      if (this.src.charAt(this.pos) === '-' && this.src.charAt(this.pos + 1) !== ']' && this.pos + 1 < this.src.length) {
        this.pos++;
        let hiChar = this.src.charAt(this.pos);
        if (hiChar === '\\') {
          this.pos++;
          hiChar = this.src.charAt(this.pos);
          if (/[A-Za-z0-9]/.test(hiChar)) throw new PatternError('class ranges must end in a literal character');
        }
        this.pos++;
        const hi = hiChar.charCodeAt(0);
        if (hi < lo) throw new PatternError('class range out of order');
        const l = lo;
        if (this.ignoreCase)
          tests.push((x) => {
            const lx = lowerCode(x);
            const ux = String.fromCharCode(x).toUpperCase().charCodeAt(0);
            return (x >= l && x <= hi) || (lx >= l && lx <= hi) || (ux >= l && ux <= hi);
          });
        else tests.push((x) => x >= l && x <= hi);
      } else tests.push(this.literal(lo));
    }
    const any: CharTest = (x) => {
      for (let i = 0; i < tests.length; i++) if ((tests[i] as CharTest)(x)) return true;
      return false;
    };
    return { t: 'char', test: negate ? (x) => !any(x) : any };
  }
}

// ---- NFA ---------------------------------------------------------------------------------------

const enum Kind {
  Char,
  Split,
  Bol,
  Eol,
  Match,
}

interface State {
  kind: Kind;
  test?: CharTest;
  out: number;
  out2: number;
}

class Builder {
  states: State[] = [];
  constructor(private readonly maxStates = MAX_STATES) {}
  add(kind: Kind, test?: CharTest): number {
    if (this.states.length >= this.maxStates) {
      throw new PatternError(
        this.maxStates < MAX_STATES ? `the custom rules together are too complex (over their shared allowance of states)` : `the pattern is too complex (over ${MAX_STATES} states)`,
      );
    }
    const s: State = { kind, out: -1, out2: -1 };
    if (test) s.test = test;
    this.states.push(s);
    return this.states.length - 1;
  }
}

/** A fragment: entry state and the list of dangling (state, which-out) pairs to patch. */
interface Frag {
  start: number;
  outs: Array<[number, 1 | 2]>;
}

function patch(b: Builder, outs: Array<[number, 1 | 2]>, target: number): void {
  for (const [s, which] of outs) {
    const st = b.states[s] as State;
    if (which === 1) st.out = target;
    else st.out2 = target;
  }
}

function compileNode(b: Builder, node: Node): Frag {
  switch (node.t) {
    case 'char': {
      const s = b.add(Kind.Char, node.test);
      return { start: s, outs: [[s, 1]] };
    }
    case 'bol':
    case 'eol': {
      const s = b.add(node.t === 'bol' ? Kind.Bol : Kind.Eol);
      return { start: s, outs: [[s, 1]] };
    }
    case 'cat': {
      if (node.items.length === 0) {
        const s = b.add(Kind.Split); // epsilon
        const st = b.states[s] as State;
        st.out2 = -2;
        return { start: s, outs: [[s, 1]] };
      }
      let frag = compileNode(b, node.items[0] as Node);
      for (let i = 1; i < node.items.length; i++) {
        const next = compileNode(b, node.items[i] as Node);
        patch(b, frag.outs, next.start);
        frag = { start: frag.start, outs: next.outs };
      }
      return frag;
    }
    case 'alt': {
      let frag = compileNode(b, node.options[node.options.length - 1] as Node);
      for (let i = node.options.length - 2; i >= 0; i--) {
        const left = compileNode(b, node.options[i] as Node);
        const s = b.add(Kind.Split);
        const st = b.states[s] as State;
        st.out = left.start;
        st.out2 = frag.start;
        frag = { start: s, outs: [...left.outs, ...frag.outs] };
      }
      return frag;
    }
    case 'rep': {
      const { min, max } = node;
      const parts: Frag[] = [];
      for (let i = 0; i < min; i++) parts.push(compileNode(b, node.node));
      if (max === Infinity) {
        // x* : split -> (x -> split) | out
        const s = b.add(Kind.Split);
        const body = compileNode(b, node.node);
        (b.states[s] as State).out = body.start;
        patch(b, body.outs, s);
        parts.push({ start: s, outs: [[s, 2]] });
      } else {
        for (let i = min; i < max; i++) {
          const s = b.add(Kind.Split);
          const body = compileNode(b, node.node);
          (b.states[s] as State).out = body.start;
          parts.push({ start: s, outs: [...body.outs, [s, 2]] });
        }
      }
      if (parts.length === 0) return compileNode(b, { t: 'cat', items: [] });
      let frag = parts[0] as Frag;
      for (let i = 1; i < parts.length; i++) {
        const next = parts[i] as Frag;
        patch(b, frag.outs, next.start);
        frag = { start: frag.start, outs: next.outs };
      }
      return frag;
    }
  }
}

/**
 * Work allowed for matching, counted in NFA steps (one state visited at one input position), not
 * wall-clock time, so the limit is the same on every machine and under any load. One budget is
 * shared by every match made for one hit: a rule author cannot buy more CPU by adding conditions.
 */
export interface StepBudget {
  remaining: number;
}

/** Thrown when a match would spend more steps than its budget holds; the caller reports the rule as not evaluated. */
export class StepBudgetExceeded extends Error {
  constructor() {
    super('custom-rule step budget exceeded');
  }
}

export interface SafeRegex {
  readonly source: string;
  readonly flags: string;
  /** NFA states: what compiling it cost, and what one input position can cost at most. */
  readonly size: number;
  /** Without a budget the work is still bounded (states × 2 000 characters), but unmetered. */
  test(input: string, budget?: StepBudget): boolean;
}

export type SafeRegexResult = { ok: true; regex: SafeRegex } | { ok: false; error: string };

/** `maxStates`: a smaller allowance than a pattern's own limit (what is left of a rule set's). */
export function compileSafeRegex(pattern: string, flags = '', maxStates = MAX_STATES): SafeRegexResult {
  if (typeof pattern !== 'string') return { ok: false, error: 'pattern must be a string' };
  if (pattern.length > MAX_PATTERN_LENGTH) return { ok: false, error: `pattern is longer than ${MAX_PATTERN_LENGTH} characters` };
  if (flags !== '' && flags !== 'i') return { ok: false, error: 'only the "i" flag is supported' };
  try {
    const ast = new Parser(pattern, flags === 'i').parse();
    const b = new Builder(Math.min(MAX_STATES, Math.max(0, maxStates)));
    const frag = compileNode(b, ast);
    const match = b.add(Kind.Match);
    patch(b, frag.outs, match);
    return { ok: true, regex: new NfaRegex(pattern, flags, b.states, frag.start) };
  } catch (err) {
    if (err instanceof PatternError) return { ok: false, error: err.message };
    throw err;
  }
}

class NfaRegex implements SafeRegex {
  private readonly mark: Int32Array;
  private gen = 0;
  private cur: Int32Array;
  private next: Int32Array;
  private readonly stack: Int32Array;
  readonly size: number;

  constructor(
    readonly source: string,
    readonly flags: string,
    private readonly states: State[],
    private readonly start: number,
  ) {
    this.size = states.length;
    this.mark = new Int32Array(states.length).fill(-1);
    this.stack = new Int32Array(2 * states.length + 2);
    this.cur = new Int32Array(states.length);
    this.next = new Int32Array(states.length);
  }

  /** States visited by add() since the last charge: the epsilon closures are most of the work of a pattern such as `(x?){40}`. */
  private visited = 0;

  /** Adds `s` and its epsilon closure to `list`; returns the new length, or -1 when Match is reached. */
  private add(list: Int32Array, len: number, s: number, pos: number, inputLen: number): number {
    // Iterative DFS over epsilon edges with an explicit stack, allocated once: each state is
    // expanded at most once per generation and pushes at most two, so 2 × states + 1 entries hold it.
    const stack = this.stack;
    let top = 0;
    stack[top++] = s;
    this.visited++;
    while (top > 0) {
      const i = stack[--top] as number;
      this.visited++;
      if (i < 0 || this.mark[i] === this.gen) continue;
      this.mark[i] = this.gen;
      const st = this.states[i] as State;
      switch (st.kind) {
        case Kind.Match:
          return -1;
        case Kind.Split:
          if (st.out2 >= 0) stack[top++] = st.out2;
          stack[top++] = st.out;
          break;
        case Kind.Bol:
          if (pos === 0) stack[top++] = st.out;
          break;
        case Kind.Eol:
          if (pos === inputLen) stack[top++] = st.out;
          break;
        case Kind.Char:
          list[len++] = i;
          break;
      }
    }
    return len;
  }

  test(raw: string, budget?: StepBudget): boolean {
    const input = raw.length > MAX_INPUT_LENGTH ? raw.slice(0, MAX_INPUT_LENGTH) : raw;
    const n = input.length;
    this.gen++;
    let curLen = this.add(this.cur, 0, this.start, 0, n);
    if (curLen < 0) return true;
    this.visited = 0;
    for (let pos = 0; pos < n; pos++) {
      if (budget) {
        // Charged per position: the states alive now, plus every state the previous position's
        // epsilon closures visited (charged after the fact, so at most one position's work is
        // done past the budget).
        budget.remaining -= curLen + 1 + this.visited;
        this.visited = 0;
        if (budget.remaining < 0) throw new StepBudgetExceeded();
      }
      const c = input.charCodeAt(pos);
      this.gen++;
      let nextLen = 0;
      for (let k = 0; k < curLen; k++) {
        const st = this.states[this.cur[k] as number] as State;
        if ((st.test as CharTest)(c)) {
          nextLen = this.add(this.next, nextLen, st.out, pos + 1, n);
          if (nextLen < 0) return true;
        }
      }
      // Unanchored search: a match may also start at the next position.
      nextLen = this.add(this.next, nextLen, this.start, pos + 1, n);
      if (nextLen < 0) return true;
      const t = this.cur;
      this.cur = this.next;
      this.next = t;
      curLen = nextLen;
    }
    return false;
  }
}
