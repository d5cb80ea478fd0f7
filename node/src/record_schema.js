// The kit's own check of a record against its schema (SCH-1, SCH-2): the
// record schemas (record_schemas.js) compiled into SCH-1's keywords, any
// other refused; a value on the reader's tape (json_tape.js) checked in
// SCH-1's order, stopping at the first violation, which is worded as SCH-2
// says. A record whose every element fails costs no more than one that fails
// once, and nothing of a library's wording or a runtime's Unicode tables
// reaches the complaint.
'use strict';

const { compareCodePoints } = require('./utf8.js');
const { T_TRUE, numberEnd } = require('./json_read.js');
const { cutText, clippedText, escapeText } = require('./escape.js');
const { parseDateTime } = require('./datetime.js');
const { RECORD_SCHEMAS } = require('./record_schemas.js');
const { text } = require('./words.js');

// The copies are shared with every caller (records.schemas): frozen, so that
// none can change what the check checks.
(function freeze(v) {
  if (v !== null && typeof v === 'object') {
    Object.freeze(v);
    Object.keys(v).forEach((k) => freeze(v[k]));
  }
})(RECORD_SCHEMAS);

const KEYWORDS = Object.freeze(['type', 'const', 'enum', 'pattern', 'format', 'minimum', 'maximum', 'minItems', 'maxItems',
  'prefixItems', 'items', 'required', 'properties', 'additionalProperties', '$ref', 'allOf', 'if', 'then', 'else',
  '$schema', '$id', '$defs', 'title', 'description']);

// REF-1's names of the types.
const TYPE_WORDS = Object.freeze({
  null: 'null', boolean: 'a boolean', integer: 'an integer', number: 'a number', string: 'a string', array: 'an array', object: 'an object',
});

// A text shown in a complaint is cut to 40 code points: reading 84 code
// units of it is always enough to know how it is cut.
const SHOWN_UNITS = 84;

const isInteger = (x) => typeof x === 'number' && Number.isSafeInteger(x);
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * Whether a pattern matches ASCII text only: anchored at both ends with no
 * alternative outside parentheses, and made of printable ASCII characters
 * and classes of them, with no dot, escape or negated class. A string that
 * holds any other code point then fails it unread, however long it is.
 */
function asciiPattern(p) {
  if (!/^\^[\x20-\x7e]*\$$/.test(p) || /[.\\]|\[\^/.test(p)) return false;
  let depth = 0;
  for (const c of p) {
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return false;
  }
  return true;
}

/** A literal of a schema (const, enum) as SCH-2 writes C. */
function literalShown(x) {
  if (typeof x === 'string') return clippedText(x);
  return String(x);
}

/** Compiles the schemas of one file; throws an Error naming the file and the place for anything SCH-1 does not allow. */
class Compiler {
  constructor(name, root) {
    this.name = name;
    this.root = root;
    this.defs = new Map();
  }

  refuse(where, what) {
    throw new Error(this.name + ' at ' + (where || '/') + ': ' + what);
  }

  ref(target, where) {
    const m = /^#\/\$defs\/([^/~]+)$/.exec(typeof target === 'string' ? target : '');
    if (m === null || this.root.$defs === undefined || !has(this.root.$defs, m[1])) this.refuse(where, 'expected a reference to #/$defs/…');
    let n = this.defs.get(m[1]);
    if (n === undefined) {
      n = {};
      this.defs.set(m[1], n); // filled below, so that a schema may refer to itself
      this.fill(n, this.root.$defs[m[1]], '/$defs/' + m[1]);
    }
    return n;
  }

  sub(v, where) {
    const n = {};
    this.fill(n, v, where);
    return n;
  }

  fill(n, s, where) {
    if (s === null || typeof s !== 'object' || Array.isArray(s)) this.refuse(where, 'expected a schema object');
    for (const k of Object.keys(s)) {
      if (KEYWORDS.indexOf(k) < 0) this.refuse(where, 'the keyword ' + k + ' is not one SCH-1 allows');
    }
    if (s.$ref !== undefined) {
      if (Object.keys(s).some((k) => k !== '$ref' && k !== 'title' && k !== 'description')) this.refuse(where, '$ref beside other keywords');
      n.ref = this.ref(s.$ref, where + '/$ref');
      return;
    }
    this.scalars(n, s, where);
    this.containers(n, s, where);
    n.allOf = (s.allOf || []).map((x, i) => this.sub(x, where + '/allOf/' + i));
    n.ifS = s.if === undefined ? null : this.sub(s.if, where + '/if');
    n.thenS = s.then === undefined ? null : this.sub(s.then, where + '/then');
    n.elseS = s.else === undefined ? null : this.sub(s.else, where + '/else');
  }

  scalars(n, s, where) {
    const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
    if (s.type !== undefined && (types.length === 0 || types.some((t) => !has(TYPE_WORDS, t)))) this.refuse(where + '/type', 'expected type names');
    n.types = types;
    n.typeText = types.map((t) => TYPE_WORDS[t]).join(' or ');
    const literal = (x) => x === null || typeof x === 'string' || typeof x === 'boolean' || isInteger(x);
    if (has(s, 'const') && !literal(s.const)) this.refuse(where + '/const', 'expected a string, an integer, a boolean or null');
    n.hasConst = has(s, 'const');
    n.constant = s.const;
    if (s.enum !== undefined && (!Array.isArray(s.enum) || s.enum.length === 0 || !s.enum.every(literal))) this.refuse(where + '/enum', 'expected a list of literals');
    n.enumValues = s.enum === undefined ? null : s.enum;
    n.patternText = s.pattern === undefined ? null : s.pattern;
    n.pattern = s.pattern === undefined ? null : new RegExp(s.pattern, 'u');
    n.asciiPattern = s.pattern !== undefined && asciiPattern(s.pattern);
    if (s.format !== undefined && s.format !== 'date-time') this.refuse(where + '/format', 'only date-time is allowed');
    n.dateTime = s.format === 'date-time';
    for (const k of ['minimum', 'maximum']) {
      if (s[k] !== undefined && !isInteger(s[k])) this.refuse(where + '/' + k, 'expected an integer');
      n[k] = s[k] === undefined ? null : String(s[k] + 0);
    }
  }

  containers(n, s, where) {
    for (const k of ['minItems', 'maxItems']) {
      if (s[k] !== undefined && !(isInteger(s[k]) && s[k] >= 0)) this.refuse(where + '/' + k, 'expected a count');
      n[k] = s[k] === undefined ? -1 : s[k];
    }
    n.prefixItems = (s.prefixItems || []).map((x, i) => this.sub(x, where + '/prefixItems/' + i));
    n.items = s.items === undefined ? null : this.sub(s.items, where + '/items');
    if (s.required !== undefined && !(Array.isArray(s.required) && s.required.every((x) => typeof x === 'string'))) this.refuse(where + '/required', 'expected names');
    n.required = s.required || [];
    if (s.additionalProperties !== undefined && s.additionalProperties !== false) this.refuse(where + '/additionalProperties', 'only false is allowed');
    n.closed = s.additionalProperties === false;
    const props = s.properties || {};
    n.props = Object.keys(props).sort(compareCodePoints).map((name) => ({
      name,
      schema: props[name] === false ? null : this.sub(props[name], where + '/properties/' + name),
    }));
    n.names = new Set(Object.keys(props));
  }
}

/** Compiles one record schema (a parsed schema file); throws an Error for a keyword or a value SCH-1 does not allow. */
function compileSchema(name, schema) {
  return new Compiler(name, schema).sub(schema, '');
}

const compiled = new Map();

function compiledSchema(name) {
  let n = compiled.get(name);
  if (n === undefined) {
    n = compileSchema(name, RECORD_SCHEMAS[name]);
    compiled.set(name, n);
  }
  return n;
}

// The catalog's codes of SCH-2's complaints (spec/catalog/en.po, cli.schema.*).
const C = 'cli.schema.';
// A complaint in an object inside the record says "is not one of its fields"
// where the record's own says "is not a field of this record".
const INNER = new Set([C + 'unknown', C + 'missingBeside']);

/** Whether the catalog has the code (text gives back a code it does not have). */
const known = (code) => text(code) !== code;

/**
 * The first violation: where (its steps innermost first, {name} for a member
 * the schema names, {index} for an element), SCH-2's complaint as a catalog
 * code with its parameters, for a list's bounds the bound (count), and the
 * member a complaint of an object names (field), which the page words.
 */
class Violation {
  constructor(code, params, count, field) {
    this.path = [];
    this.code = code;
    this.params = params;
    this.count = count === undefined ? -1 : count;
    this.field = field === undefined ? null : field; // the member a complaint names, as the record or schema writes it
    this.schema = ''; // the record schema's name without "record_" and ".json": "poker_leave_v1"
    this.recordKeys = false; // a refusal's steps may be any keys the record holds, a violation's are names its schema gives
  }

  /**
   * The code of the words for the elements of the list at key (prefix
   * cli.schema.item) or for their count (cli.schema.items): the schema's own
   * first, then every schema's, then prefix alone ("entry N").
   */
  listWords(prefix, key) {
    if (key !== '') {
      for (const code of [prefix + '.' + this.schema + '.' + key, prefix + '.' + key]) if (known(code)) return code;
    }
    return prefix;
  }

  get pointer() {
    let p = '';
    for (let i = this.path.length - 1; i >= 0; i--) {
      const s = this.path[i];
      p += '/' + (s.name === undefined ? String(s.index) : s.name.replace(/~/g, '~0').replace(/\//g, '~1')); // RFC 6901
    }
    return p;
  }

  /**
   * Where the value is, in words, counted from 1 (D-33), and the key by which
   * the catalog words the elements of a list there ("deals.n" for the hands
   * of a deal): [place, key].
   */
  place() {
    if (this.path.length === 0) return [text(C + 'record'), ''];
    const parts = [], key = [];
    for (let i = this.path.length - 1; i >= 0; i--) {
      const s = this.path[i];
      if (s.name !== undefined) {
        parts.push(clippedText(s.name));
        key.push(s.name);
        continue;
      }
      const code = this.listWords(C + 'item', key.join('.'));
      // An element named by what it is stands for its list: "deal 1", not "deal 1 of "deals"".
      if (code !== C + 'item' && i + 1 < this.path.length && this.path[i + 1].name !== undefined) parts.pop();
      parts.push(text(code, { n: s.index + 1 }));
      key.push('n');
    }
    let place = parts[0];
    for (const p of parts.slice(1)) place = text(C + 'of', { inner: p, outer: place });
    return [place, key.join('.')];
  }

  /** SCH-2's message: where, with the pointer after it in parentheses, then the complaint (or one sentence for a member ruled out). */
  get message() {
    const [said, key] = this.place();
    let place = said, where = said;
    if (this.path.length > 0) {
      let pointer = this.pointer;
      if (this.recordKeys) {
        // The record's own keys, escaped, and a pointer past REF-1's 40 code points cut, its place said from its first
        // step, so that the message stays short (REF-3, REF-5).
        const cut = cutText(pointer);
        if (cut !== pointer) {
          const outer = new Violation('', {});
          outer.path = this.path.slice(-1);
          outer.schema = this.schema;
          place = text(C + 'inside', { place: outer.place()[0] });
        }
        pointer = escapeText(cut);
      }
      where = text(C + 'where', { place, pointer });
    }
    if (this.code.startsWith(C + 'forbidden')) return text(this.code, { where, ...this.params });
    let code = this.code;
    const params = { ...this.params };
    if (this.path.length > 0 && INNER.has(code)) code += '.inner';
    else if (this.count >= 0) params.items = text(this.listWords(C + 'items', key), { n: this.count });
    return text(C + 'refusal', { where, complaint: text(code, params) });
  }
}

/** What a pattern allows, in the catalog's words, found by the pattern as the schema writes it. */
function patternWords(pattern) {
  const code = C + 'pattern:' + pattern;
  return text(known(code) ? code : C + 'pattern.unworded');
}

/** A member whose schema is false, with the words that say why when the catalog has them for its name. */
function forbidden(name) {
  const code = C + 'forbidden.' + name;
  return new Violation(known(code) ? code : C + 'forbidden', { name: clippedText(name) }, -1, name);
}

function within(v, step) {
  if (v !== null) v.path.push(step);
  return v;
}

/** Compares the integer written b[start, end) with the integer text k, exactly: by sign, count of digits, then digits. */
function compareInteger(b, start, end, k) {
  let neg = b[start] === 0x2d;
  const from = neg ? start + 1 : start;
  if (neg && end - from === 1 && b[from] === 0x30) neg = false; // -0 is 0
  const kNeg = k.charCodeAt(0) === 0x2d;
  if (neg !== kNeg) return neg ? -1 : 1;
  const kd = kNeg ? k.slice(1) : k;
  let c = end - from < kd.length ? -1 : end - from > kd.length ? 1 : 0;
  for (let i = 0; c === 0 && i < kd.length; i++) {
    const x = b[from + i], y = kd.charCodeAt(i);
    if (x !== y) c = x < y ? -1 : 1;
  }
  return neg ? -c : c;
}

/** SCH-1's steps over the values of one tape. */
class Checker {
  constructor(tape) {
    this.tape = tape;
    this.index = new Map(); // the members of large objects, by key
  }

  /** V as SCH-2 writes it. */
  shown(e) {
    const tape = this.tape;
    switch (tape.jsonType(e)) {
      case 'string': return clippedText(tape.text(e, SHOWN_UNITS));
      case 'number': return cutText(tape.numberText(e, SHOWN_UNITS));
      case 'boolean': return tape.kind(e) === T_TRUE ? 'true' : 'false';
      case 'null': return 'null';
      default: return TYPE_WORDS[tape.jsonType(e)];
    }
  }

  /** Whether the value e equals the literal x, as JSON Schema compares them. */
  equals(e, x) {
    const tape = this.tape, t = tape.jsonType(e);
    if (typeof x === 'string') return t === 'string' && tape.text(e, x.length + 1) === x;
    if (typeof x === 'number') {
      if (t !== 'number') return false;
      const start = tape.t[2 * e + 1];
      return compareInteger(tape.b, start, numberEnd(tape.b, start), String(x + 0)) === 0;
    }
    if (x === null) return t === 'null';
    return t === 'boolean' && (tape.kind(e) === T_TRUE) === x;
  }

  /** The members of the object e: key to value entry. */
  members(e) {
    let m = this.index.get(e);
    if (m === undefined) {
      const tape = this.tape, n = tape.count(e);
      m = new Map();
      for (let i = 0, k = e + 1; i < n; i++, k = tape.after(k + 1)) m.set(tape.key(k), k + 1);
      this.index.set(e, m);
    }
    return m;
  }

  member(e, name) {
    if (this.tape.count(e) <= 16) return this.tape.member(e, name);
    const v = this.members(e).get(name);
    return v === undefined ? -1 : v;
  }

  /** SCH-1 for the value e against the compiled schema n: null, or the first Violation. */
  check(n, e) {
    while (n.ref !== undefined) n = n.ref;
    const tape = this.tape, t = tape.jsonType(e);
    if (n.types.length > 0 && !n.types.some((x) => x === t || (x === 'integer' && t === 'number'))) {
      return new Violation(C + 'expected', { expected: n.typeText, found: t === 'number' ? 'an integer' : TYPE_WORDS[t] });
    }
    if (n.hasConst && !this.equals(e, n.constant)) {
      return new Violation(C + 'expected', { expected: literalShown(n.constant), found: this.shown(e) });
    }
    if (n.enumValues !== null && !n.enumValues.some((x) => this.equals(e, x))) {
      return new Violation(C + 'enum', { values: n.enumValues.map(literalShown).join(', '), found: this.shown(e) });
    }
    let bad = null;
    if (t === 'string') bad = this.string(n, e);
    else if (t === 'number') bad = this.number(n, e);
    else if (t === 'array') bad = this.array(n, e);
    else if (t === 'object') bad = this.object(n, e);
    if (bad !== null) return bad;
    for (const s of n.allOf) {
      bad = this.check(s, e);
      if (bad !== null) return bad;
    }
    if (n.ifS === null) return null;
    if (this.check(n.ifS, e) === null) return n.thenS === null ? null : this.check(n.thenS, e);
    return n.elseS === null ? null : this.check(n.elseS, e);
  }

  /** Step 3: pattern, then format. */
  string(n, e) {
    if (n.pattern === null && !n.dateTime) return null;
    // RFC 3339 and ASCII patterns take ASCII only: other text fails unread (null).
    const s = n.pattern !== null && !n.asciiPattern ? this.tape.text(e) : this.tape.asciiText(e);
    if (n.pattern !== null && (s === null || !n.pattern.test(s))) {
      // pattern: the schema's own, for the page to word in its locale (the command line says allowed).
      return new Violation(C + 'pattern', { allowed: patternWords(n.patternText), found: this.shown(e), pattern: n.patternText });
    }
    if (n.dateTime && (s === null || parseDateTime(s) === null)) return new Violation(C + 'dateTime', { found: this.shown(e) });
    return null;
  }

  /** Step 4: minimum, then maximum, exactly (LIM-1). */
  number(n, e) {
    if (n.minimum === null && n.maximum === null) return null;
    const tape = this.tape, start = tape.t[2 * e + 1], end = numberEnd(tape.b, start);
    if (n.minimum !== null && compareInteger(tape.b, start, end, n.minimum) < 0) {
      return new Violation(C + 'minimum', { min: n.minimum, found: this.shown(e) });
    }
    if (n.maximum !== null && compareInteger(tape.b, start, end, n.maximum) > 0) {
      return new Violation(C + 'maximum', { max: n.maximum, found: this.shown(e) });
    }
    return null;
  }

  /** Step 5: minItems, maxItems, then each element in index order. */
  array(n, e) {
    const tape = this.tape, count = tape.count(e);
    if (n.minItems >= 0 && count < n.minItems) return new Violation(C + 'minItems', { found: count }, n.minItems);
    if (n.maxItems >= 0 && count > n.maxItems) return new Violation(C + 'maxItems', { found: count }, n.maxItems);
    let k = e + 1;
    for (let i = 0; i < count; i++, k = tape.after(k)) {
      const s = i < n.prefixItems.length ? n.prefixItems[i] : n.items;
      if (s === null) break;
      const bad = this.check(s, k);
      if (bad !== null) return within(bad, { index: i });
    }
    return null;
  }

  /**
   * REF-7: the member properties does not name that resembles name, at the
   * least swap distance, at most 1 for a name of 2 to 5 characters and 2 for
   * a longer one (none for a name of one character), the first in code point order of several; or null. Only
   * members within 2 characters of the name's length are measured.
   */
  resembling(n, e, name) {
    const tape = this.tape, target = Array.from(name), limit = target.length > 5 ? 2 : Math.min(1, target.length - 1);
    let best = null, bestD = limit + 1;
    for (let i = 0, k = e + 1, count = tape.count(e); i < count; i++, k = tape.after(k + 1)) {
      const key = tape.key(k);
      if (n.names.has(key) || key.length > 2 * (target.length + 2)) continue;
      const chars = Array.from(key);
      if (chars.length < target.length - 2 || chars.length > target.length + 2) continue;
      const d = swapDistance(chars, target);
      if (d < bestD || (d === bestD && best !== null && compareCodePoints(key, best) < 0)) {
        best = key;
        bestD = d;
      }
    }
    return bestD <= limit ? best : null;
  }

  /** Step 6: required, then the first unknown member, then the members properties names. */
  object(n, e) {
    const tape = this.tape;
    for (const name of n.required) {
      if (this.member(e, name) >= 0) continue;
      const near = n.closed ? this.resembling(n, e, name) : null;
      return near === null ? new Violation(C + 'missing', { name: clippedText(name) }, -1, name)
        : new Violation(C + 'missingBeside', { name: clippedText(name), unknown: clippedText(near) }, -1, name);
    }
    if (n.closed) {
      let first = null;
      for (let i = 0, k = e + 1, count = tape.count(e); i < count; i++, k = tape.after(k + 1)) {
        const key = tape.key(k);
        if (!n.names.has(key) && (first === null || compareCodePoints(key, first) < 0)) first = key;
      }
      if (first !== null) return new Violation(C + 'unknown', { name: clippedText(first) }, -1, first);
    }
    for (const p of n.props) {
      const v = this.member(e, p.name);
      if (v < 0) continue;
      if (p.schema === null) return forbidden(p.name);
      const bad = this.check(p.schema, v);
      if (bad !== null) return within(bad, { name: p.name });
    }
    return null;
  }
}

/** The optimal string alignment distance: Levenshtein's, with a swap of two neighbouring characters as one edit. */
function swapDistance(a, b) {
  const d = [];
  for (let i = 0; i <= a.length; i++) {
    d.push(new Array(b.length + 1).fill(0));
    d[i][0] = i;
  }
  for (let j = 0; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** SCH-1: the first Violation ({pointer, code, params, message}) of the value on tape (entry 0) against a compiled schema, or null. */
function checkSchema(schema, tape) {
  return new Checker(tape).check(schema, 0);
}

/** A record schema's file name without "record_" and ".json", by which the catalog gives one schema's lists their own words. */
const schemaName = (file) => file.replace(/^record_/, '').replace(/\.json$/, '');

/** SCH-1 against the named record schema. */
function checkRecordSchema(name, tape) {
  const bad = checkSchema(compiledSchema(name), tape);
  if (bad !== null) bad.schema = schemaName(name);
  return bad;
}

/**
 * A complaint the schema check does not make, about a value a record's rules
 * refuse (REF-3, REF-4, REF-8), said at its place as SCH-2 says a violation's: file
 * the record's schema, or '' when it is not known; path its steps innermost
 * first ({name} or {index}); code and params the complaint's catalog code and
 * parameters. Returns the message. Its steps may be any keys the record
 * holds: the pointer is escaped, and one past 40 code points is cut and its
 * place said from its first step, so that the message stays short (REF-5).
 */
function refusalMessage(file, path, code, params) {
  const v = new Violation(code, params);
  v.path = path;
  v.schema = schemaName(file);
  v.recordKeys = true;
  return v.message;
}

module.exports = { RECORD_SCHEMAS, KEYWORDS, compileSchema, checkSchema, checkRecordSchema, refusalMessage };
