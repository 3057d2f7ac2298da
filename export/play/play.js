// sudogen play page: the puzzle list, the Sudoku and sliding-puzzle
// games, hints, progress in localStorage. No network, no libraries.
'use strict';
(() => {
const SYM = '123456789ABCDEFGHIJKLMNOP';
const LS = 'sudogen1:';
const PAGE = 100; // list rows per page
const $ = id => document.getElementById(id);

// h builds an element: h('button', {class: 'x', onclick: f}, 'text', child).
function h(tag, props, ...kids) {
  const e = document.createElement(tag);
  for (const k in props || {}) {
    const v = props[k];
    if (v == null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const k of kids) if (k != null) e.append(k);
  return e;
}

// ---- storage: never throws (private windows and full disks refuse)
const store = {
  get(k) { try { const s = localStorage.getItem(LS + k); return s ? JSON.parse(s) : null; } catch (e) { return null; } },
  set(k, v) { try { localStorage.setItem(LS + k, JSON.stringify(v)); return true; } catch (e) { return false; } },
  del(k) { try { localStorage.removeItem(LS + k); } catch (e) { /* ignore */ } },
};

// ---- settings
const DEFAULTS = { autoMarks: true, showMistakes: true, lives: 0, hlPeers: true, hlSame: true, theme: 'auto', timer: true };
const settings = Object.assign({}, DEFAULTS, store.get('settings') || {});
const saveSettings = () => store.set('settings', settings);
const darkMQ = matchMedia('(prefers-color-scheme: dark)');
function applyTheme() {
  const t = settings.theme === 'auto' ? (darkMQ.matches ? 'dark' : 'light') : settings.theme;
  document.documentElement.dataset.theme = t;
}
applyTheme();
if (darkMQ.addEventListener) darkMQ.addEventListener('change', applyTheme);

// ---- data
const meta = JSON.parse($('sg-meta').textContent);
function bytesOf(b64) {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
async function inflate(b64) {
  if (typeof DecompressionStream === 'undefined') throw new Error('this browser cannot unpack the puzzle data (it lacks DecompressionStream: use Chrome or Edge 80+, Firefox 113+ or Safari 16.4+)');
  const s = new Blob([bytesOf(b64)]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(s).text();
}
function fnv(s) {
  let x = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) { x ^= s.charCodeAt(i); x = Math.imul(x, 0x01000193); }
  return (x >>> 0).toString(36);
}
let puzzles = [];
const byId = new Map();
function decode(rows) {
  return rows.map((r, i) => {
    const p = r[0] === 0
      ? { i, kind: 'sudoku', id: r[1], tier: meta.tiers[r[2]] || '', rating: r[3], br: r[4], bc: r[5], n: r[4] * r[5], cells: r[6], hints: r[7] }
      : { i, kind: 'slide', id: r[1], tier: meta.tiers[r[2]] || '', n: r[3], tiles: r[4], optimal: r[5], length: r[6], lower: r[7], solution: r[8] || '' };
    p.key = p.id + '~' + fnv(p.kind === 'sudoku' ? p.cells : p.tiles);
    return p;
  });
}
function kindName(p) {
  return p.kind === 'sudoku' ? `Sudoku ${p.n}×${p.n}` : `${p.n * p.n - 1}-puzzle`;
}
function slideTarget(p) {
  if (p.optimal >= 0) return `fewest possible ${p.optimal}`;
  if (p.length >= 0) return p.lower >= 0 ? `best known ${p.length}, fewest at least ${p.lower}` : `best known ${p.length}`;
  return '';
}
function ratingText(p) {
  if (p.kind === 'slide') return p.optimal >= 0 ? `${p.optimal} moves` : p.length >= 0 ? `≤ ${p.length} moves` : '';
  return p.rating ? p.rating.toFixed(1) : '';
}
const tierTitle = t => t ? t[0].toUpperCase() + t.slice(1) : 'Untiered';
function hashOf(p) { return '#play=' + (byId.get(p.id) === p ? encodeURIComponent(p.id) : '@' + p.i); }

// Hint blocks: raw deflate + base64, one per meta.chunk puzzles, unpacked
// the first time a puzzle of the block asks for a hint.
let hintText = null;
const hintBlocks = new Map();
async function hintSteps(p) {
  if (!hintText) hintText = $('sg-hints').textContent.split('\n');
  const b = Math.floor(p.i / meta.chunk);
  if (!hintBlocks.has(b)) {
    const s = hintText[b] || '';
    hintBlocks.set(b, s ? JSON.parse(await inflate(s)) : []);
  }
  const steps = hintBlocks.get(b)[p.i % meta.chunk];
  return Array.isArray(steps) ? steps : [];
}

// ---- progress: one key per puzzle plus a status index for the list
let statusIndex = store.get('status') || {};
function setStatus(p, st) {
  statusIndex = store.get('status') || {}; // another tab may have written
  if (st) statusIndex[p.key] = st; else delete statusIndex[p.key];
  store.set('status', statusIndex);
}
const statusOf = p => statusIndex[p.key] || 'new';
const STATUS_TEXT = { new: 'not started', started: 'in progress', solved: 'solved' };

// ---- time
function clock(ms) {
  const s = Math.floor(ms / 1000), m = Math.floor(s / 60), hh = Math.floor(m / 60);
  const two = x => String(x).padStart(2, '0');
  return hh ? `${hh}:${two(m % 60)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}
const plural = (n, w) => `${n} ${w}${n === 1 ? '' : 's'}`;

// ---- dialog
const dlg = $('dlg');
function dialog(title, body, buttons) {
  return new Promise(resolve => {
    $('dlg-h').textContent = title;
    const b = $('dlg-body');
    b.replaceChildren(...[].concat(body).map(x => typeof x === 'string' ? h('p', { text: x }) : x));
    const bb = $('dlg-buttons');
    bb.replaceChildren();
    let first = null;
    for (const o of buttons) {
      const btn = h('button', { type: 'button', class: o.primary ? 'primary' : null, 'data-v': o.value, text: o.label });
      btn.addEventListener('click', () => { dlg.returnValue = o.value; dlg.close(); });
      bb.append(btn);
      if (o.primary || !first) first = btn;
    }
    const done = () => { dlg.removeEventListener('close', done); resolve(dlg.returnValue || null); };
    dlg.returnValue = '';
    dlg.addEventListener('close', done);
    dlg.showModal();
    if (first) first.focus();
  });
}

// =====================================================================
// Sudoku
// =====================================================================
const geoCache = new Map();
// geometry of a box shape: per cell its three units, per unit its cells
// (row-major), per cell its peers.
function geometry(br, bc) {
  const key = br + 'x' + bc;
  if (geoCache.has(key)) return geoCache.get(key);
  const n = br * bc, N = n * n, perRow = n / bc;
  const units = Array.from({ length: 3 * n }, () => []);
  const cu = [];
  for (let i = 0; i < N; i++) {
    const r = Math.floor(i / n), c = i % n, b = Math.floor(r / br) * perRow + Math.floor(c / bc);
    units[r].push(i); units[n + c].push(i); units[2 * n + b].push(i);
    cu.push([r, n + c, 2 * n + b]);
  }
  const peers = [];
  for (let i = 0; i < N; i++) {
    const s = new Set();
    for (const u of cu[i]) for (const j of units[u]) if (j !== i) s.add(j);
    peers.push(Int16Array.from(s));
  }
  // SE's scan order "B": boxes, then columns, then rows.
  const orderB = [];
  for (let b = 0; b < n; b++) orderB.push(2 * n + b);
  for (let c = 0; c < n; c++) orderB.push(n + c);
  for (let r = 0; r < n; r++) orderB.push(r);
  // inside[a][b]: the positions (bit i = the i-th cell of unit a) of the
  // cells unit a shares with unit b
  const inside = units.map(a => units.map((b, bi) => {
    let m = 0;
    a.forEach((c, i) => { if (cu[c].includes(bi)) m |= 1 << i; });
    return m;
  }));
  const g = { n, N, br, bc, units, cu, peers, orderB, inside };
  geoCache.set(key, g);
  return g;
}
const cellName = (g, i) => `r${Math.floor(i / g.n) + 1}c${i % g.n + 1}`;
function unitName(g, u) {
  if (u < g.n) return `row ${u + 1}`;
  if (u < 2 * g.n) return `column ${u - g.n + 1}`;
  return `box ${u - 2 * g.n + 1}`;
}
const bitCount = m => { let c = 0; while (m) { m &= m - 1; c++; } return c; };
const lowBit = m => 31 - Math.clz32(m & -m); // index of the lowest set bit

// candidates(g, vals): per empty cell the digits no peer holds (bit d-1).
function candidates(g, vals) {
  const all = (1 << g.n) - 1, cand = new Int32Array(g.N);
  for (let i = 0; i < g.N; i++) {
    if (vals[i]) continue;
    let m = all;
    for (const j of g.peers[i]) if (vals[j]) m &= ~(1 << (vals[j] - 1));
    cand[i] = m;
  }
  return cand;
}

// The grader's easiest steps are found here, in the player's position, in
// its order (its Sudoku Explainer profile: full house, hidden single,
// direct pointing or claiming, direct hidden pair, naked single, direct
// hidden triple, pointing, claiming) and scan order, in the words of
// `sudogen explain`; the writer stores only the other steps of a path.

// unitPos is, per unit and digit, the positions of the digit's candidates
// (bit i = the unit's i-th cell), and per unit its empty cells.
function unitPos(g, vals, cand) {
  const pos = [], empties = [];
  for (const cells of g.units) {
    const p = new Int32Array(g.n);
    let e = 0;
    cells.forEach((c, i) => {
      if (vals[c]) return;
      e++;
      for (let m = cand[c]; m; m &= m - 1) p[lowBit(m)] |= 1 << i;
    });
    pos.push(p);
    empties.push(e);
  }
  return { pos, empties };
}

// findHiddenSingle: full houses (units with one empty cell), then hidden
// singles, both over boxes, columns, rows.
function findHiddenSingle(g, vals, cand) {
  for (let pass = 0; pass < 2; pass++) {
    for (const u of g.orderB) {
      const cells = g.units[u];
      let empty = 0;
      for (const i of cells) if (!vals[i]) empty++;
      if (!empty || (pass === 0) !== (empty === 1)) continue;
      for (let d = 0; d < g.n; d++) {
        let at = -1, cnt = 0;
        for (const i of cells) if (!vals[i] && (cand[i] >> d) & 1) { cnt++; at = i; }
        if (cnt !== 1) continue;
        const s = SYM[d], c = cellName(g, at);
        return pass === 0
          ? { name: 'Full House', text: `${c} = ${s}: the last empty cell of ${unitName(g, u)}`, cells: [at], units: [u], targets: [at], cell: at, digit: d + 1 }
          : { name: 'Hidden Single', text: `${c} = ${s}: the only place for ${s} in ${unitName(g, u)}`, cells: [at], units: [u], targets: [at], cell: at, digit: d + 1 };
      }
    }
  }
  return null;
}

// crossings walks SE's intersection scan: for each pair of unit types
// (t1, t2) in order, each r1 of type t1 and r2 of type t2 that cross, and
// each digit d with 2 or more places in r1, all inside r2, it calls
// f(r1, r2, d, t1, t2) and returns the first result that is not null.
function crossings(g, up, pairs, f) {
  const n = g.n;
  for (const [t1, t2] of pairs) {
    for (let i1 = 0; i1 < n; i1++) {
      const r1 = t1 * n + i1;
      for (let i2 = 0; i2 < n; i2++) {
        const r2 = t2 * n + i2, ins = g.inside[r1][r2];
        if (!ins) continue;
        for (let d = 0; d < n; d++) {
          const p = up.pos[r1][d];
          if (bitCount(p) < 2 || (p & ~ins)) continue;
          const res = f(r1, r2, d, t1, t2);
          if (res) return res;
        }
      }
    }
  }
  return null;
}
const POINTING = [[2, 1], [2, 0]], CLAIMING = [[1, 2], [0, 2]];

// findDirectLocked: a pointing (box r1, line r2) or claiming (line r1,
// box r2) that leaves digit d one place in another unit o of r1's kind.
function findDirectLocked(g, up) {
  return crossings(g, up, POINTING.concat(CLAIMING), (r1, r2, d, t1) => {
    for (let j = 0; j < g.n; j++) {
      const o = t1 * g.n + j;
      if (o === r1 || !g.inside[o][r2]) continue;
      const po = up.pos[o][d], out = po & ~g.inside[o][r2];
      if (bitCount(po) < 2 || bitCount(out) !== 1) continue;
      const at = g.units[o][lowBit(out)], s = SYM[d];
      return { name: t1 === 2 ? 'Direct Pointing' : 'Direct Claiming',
        text: `${cellName(g, at)} = ${s}: in ${unitName(g, r1)}, ${s} can only go in ${unitName(g, r2)}; that leaves ${s} one place in ${unitName(g, o)}`,
        cells: [at], units: [r1, r2, o], targets: [at], cell: at, digit: d + 1 };
    }
    return null;
  });
}

// findDirectHidden: k digits (2..k places each) that fill k cells of a
// unit with more than k empty cells (in colex order of the digits) and
// leave another digit one place in the unit.
function findDirectHidden(g, up, k) {
  const n = g.n;
  for (const u of g.orderB) {
    if (up.empties[u] <= k) continue;
    const pos = up.pos[u], digs = [];
    for (let d = 0; d < n; d++) { const c = bitCount(pos[d]); if (c >= 2 && c <= k) digs.push(d); }
    const sets = [];
    if (k === 2) { for (let b = 1; b < digs.length; b++) for (let a = 0; a < b; a++) sets.push([a, b]); }
    else for (let c = 2; c < digs.length; c++) for (let b = 1; b < c; b++) for (let a = 0; a < b; a++) sets.push([a, b, c]);
    for (const set of sets) {
      let cells = 0, dm = 0;
      for (const x of set) { cells |= pos[digs[x]]; dm |= 1 << digs[x]; }
      if (bitCount(cells) !== k) continue;
      for (let d = 0; d < n; d++) {
        if ((dm >> d) & 1 || bitCount(pos[d]) < 2 || bitCount(pos[d] & ~cells) !== 1) continue;
        const at = g.units[u][lowBit(pos[d] & ~cells)], s = SYM[d];
        const ds = set.map(x => SYM[digs[x]]).sort((a, b) => SYM.indexOf(a) - SYM.indexOf(b));
        return { name: k === 2 ? 'Direct Hidden Pair' : 'Direct Hidden Triple',
          text: `${cellName(g, at)} = ${s}: ${joinAnd(ds)} form a hidden ${k === 2 ? 'pair' : 'triple'} in ${unitName(g, u)}, so ${s} has one place left there`,
          cells: [at], units: [u], targets: [at], cell: at, digit: d + 1 };
      }
    }
  }
  return null;
}

function findNakedSingle(g, vals, cand) {
  for (let i = 0; i < g.N; i++) {
    if (!vals[i] && bitCount(cand[i]) === 1) {
      const d = lowBit(cand[i]);
      return { name: 'Naked Single', text: `${cellName(g, i)} = ${SYM[d]}: the only candidate left in the cell`, cells: [i], units: [], targets: [i], cell: i, digit: d + 1 };
    }
  }
  return null;
}

// findLocked: a pointing (digit d of box r1 only in line r2) or claiming
// (of line r1 only in box r2) that removes d from the rest of r2.
function findLocked(g, up, cand, pointing) {
  return crossings(g, up, pointing ? POINTING : CLAIMING, (r1, r2, d, t1, t2) => {
    const bit = 1 << d;
    const elims = g.units[r2].filter(c => cand[c] & bit && !g.cu[c].includes(r1)).map(c => c * 32 + d + 1);
    if (!elims.length) return null;
    const cells = g.units[r1].filter(c => cand[c] & bit);
    return { name: pointing ? 'Locked Candidates (Pointing)' : 'Locked Candidates (Claiming)',
      text: `in ${unitName(g, r1)}, ${SYM[d]} can only go in ${unitName(g, r2)} (${cells.map(c => cellName(g, c)).join(',')}), so it leaves the rest of that ${t2 === 2 ? 'box' : 'line'}: ${resultText(g, [], elims)}`,
      cells, units: [r1, r2], targets: elims.map(c => c >> 5), cell: -1, digit: 0, elims };
  });
}

// findEasy: the grader's first step in the position among those the page
// finds itself, in the profile's order.
function findEasy(g, vals, cand) {
  const hs = findHiddenSingle(g, vals, cand);
  if (hs) return hs;
  const up = unitPos(g, vals, cand);
  return findDirectLocked(g, up) || findDirectHidden(g, up, 2) || findNakedSingle(g, vals, cand) || findDirectHidden(g, up, 3)
    || findLocked(g, up, cand, true) || findLocked(g, up, cand, false);
}

const joinAnd = a => a.length < 2 ? a.join('') : a.slice(0, -1).join(', ') + ' and ' + a[a.length - 1];
// resultText says what a stored step does, in the words `sudogen explain`
// ends a step with (the writer drops them from the stored text when they
// are these): "r4c7 = 5", "remove 4 from r4c7, r5c7 and 9 from r1c1".
function resultText(g, places, elims) {
  const parts = places.map(c => `${cellName(g, c >> 5)} = ${SYM[(c & 31) - 1]}`);
  const order = [], by = new Map();
  for (const c of elims) {
    const d = c & 31;
    if (!by.has(d)) { by.set(d, []); order.push(d); }
    by.get(d).push(cellName(g, c >> 5));
  }
  if (order.length) parts.push('remove ' + joinAnd(order.map(d => `${SYM[d - 1]} from ${by.get(d).join(', ')}`)));
  return parts.join('; ');
}
// named finds the cells (r3c5) and houses (row 3, column 5, box 2) an
// explanation names: the step's pattern, highlighted with it.
function named(g, text) {
  const cells = new Set(), units = new Set();
  for (const m of text.matchAll(/\br(\d+)c(\d+)\b/g)) {
    const r = +m[1] - 1, c = +m[2] - 1;
    if (r < g.n && c < g.n) cells.add(r * g.n + c);
  }
  for (const m of text.matchAll(/\b(row|column|box) (\d+)\b/g)) {
    const k = +m[2] - 1;
    if (k < g.n) units.add((m[1] === 'row' ? 0 : m[1] === 'column' ? g.n : 2 * g.n) + k);
  }
  return { cells: [...cells], units: [...units] };
}

class SudokuGame {
  constructor(p) {
    this.p = p;
    const g = this.g = geometry(p.br, p.bc);
    this.given = new Uint8Array(g.N);
    this.sol = new Uint8Array(g.N);
    for (let i = 0; i < g.N; i++) {
      const ch = p.cells.charCodeAt(i);
      if (ch >= 97) this.sol[i] = ch - 96;
      else this.given[i] = this.sol[i] = SYM.indexOf(p.cells[i]) + 1;
    }
    this.reset();
    this.load();
    this.sel = Math.max(0, this.vals.findIndex(v => !v));
    this.pencil = false;
    this.hint = null;
    this.checked = new Set();
  }
  reset() {
    this.vals = Uint8Array.from(this.given);
    this.marks = new Int32Array(this.g.N);
    this.hist = []; this.fut = [];
    this.time = 0; this.mistakes = 0; this.hints = 0; this.reveals = 0;
    this.solved = false; this.over = false;
    this.known = new Set(); // eliminations hints have shown (cell*32+digit)
  }
  load() {
    const s = store.get('p:' + this.p.key);
    if (!s || typeof s.v !== 'string' || s.v.length !== this.g.N) return;
    for (let i = 0; i < this.g.N; i++) {
      if (this.given[i]) continue;
      this.vals[i] = SYM.indexOf(s.v[i]) + 1;
    }
    for (const [i, m] of s.m || []) if (i >= 0 && i < this.g.N) this.marks[i] = m;
    this.time = +s.t || 0; this.mistakes = +s.x || 0; this.hints = +s.h || 0; this.reveals = +s.r || 0;
    this.solved = !!s.s; this.over = !!s.o;
    this.hist = Array.isArray(s.H) ? s.H : []; this.fut = Array.isArray(s.F) ? s.F : [];
    this.known = new Set(Array.isArray(s.k) ? s.k : []);
  }
  save() {
    let v = '';
    const m = [];
    for (let i = 0; i < this.g.N; i++) {
      v += this.given[i] || !this.vals[i] ? '.' : SYM[this.vals[i] - 1];
      if (this.marks[i]) m.push([i, this.marks[i]]);
    }
    const started = this.solved || m.length || v.replace(/\./g, '') || this.time > 3000;
    if (!started && !this.mistakes) { store.del('p:' + this.p.key); setStatus(this.p, null); return; }
    const cap = a => a.length > 400 ? a.slice(a.length - 400) : a;
    store.set('p:' + this.p.key, { v, m, t: Math.round(this.time), x: this.mistakes, h: this.hints, r: this.reveals, s: this.solved ? 1 : 0, o: this.over ? 1 : 0, H: cap(this.hist), F: cap(this.fut), k: [...this.known] });
    setStatus(this.p, this.solved ? 'solved' : 'started');
  }
  get done() { return this.solved || this.over; }
  // act applies one undoable action: a list of [cell, value, marks].
  act(list) {
    const ch = [];
    for (const [i, v, m] of list) {
      if (this.vals[i] === v && this.marks[i] === m) continue;
      ch.push([i, this.vals[i], this.marks[i], v, m]);
      this.vals[i] = v; this.marks[i] = m;
    }
    if (!ch.length) return false;
    this.hist.push(ch); this.fut = [];
    this.checked.clear();
    return true;
  }
  undo() {
    const ch = this.hist.pop();
    if (!ch) return null;
    for (let k = ch.length - 1; k >= 0; k--) { const [i, v0, m0] = ch[k]; this.vals[i] = v0; this.marks[i] = m0; }
    this.fut.push(ch);
    return ch[0][0];
  }
  redo() {
    const ch = this.fut.pop();
    if (!ch) return null;
    for (const [i, , , v1, m1] of ch) { this.vals[i] = v1; this.marks[i] = m1; }
    this.hist.push(ch);
    return ch[0][0];
  }
  // enter puts digit d in cell i (the same digit again clears it); returns
  // 'wrong' for a digit the solution does not have there.
  enter(i, d) {
    if (this.given[i] || this.done) return '';
    if (this.vals[i] === d) { this.act([[i, 0, 0]]); return 'cleared'; }
    const list = [[i, d, 0]];
    if (settings.autoMarks) {
      const b = 1 << (d - 1);
      for (const j of this.g.peers[i]) if (!this.vals[j] && this.marks[j] & b) list.push([j, 0, this.marks[j] & ~b]);
    }
    this.act(list);
    if (d !== this.sol[i]) { this.mistakes++; return 'wrong'; }
    return 'ok';
  }
  mark(i, d) {
    if (this.given[i] || this.vals[i] || this.done) return false;
    return this.act([[i, 0, this.marks[i] ^ (1 << (d - 1))]]);
  }
  erase(i) {
    if (this.given[i] || this.done) return false;
    return this.act([[i, 0, this.vals[i] ? this.marks[i] : 0]]);
  }
  reveal(i) {
    if (this.given[i] || this.done || this.vals[i] === this.sol[i]) return false;
    const d = this.sol[i], list = [[i, d, 0]], b = 1 << (d - 1);
    if (settings.autoMarks) for (const j of this.g.peers[i]) if (!this.vals[j] && this.marks[j] & b) list.push([j, 0, this.marks[j] & ~b]);
    this.act(list);
    this.reveals++;
    return true;
  }
  isSolved() {
    for (let i = 0; i < this.g.N; i++) if (this.vals[i] !== this.sol[i]) return false;
    return true;
  }
  wrongCells() {
    const out = [];
    for (let i = 0; i < this.g.N; i++) if (this.vals[i] && !this.given[i] && this.vals[i] !== this.sol[i]) out.push(i);
    return out;
  }
  conflicts() {
    const bad = new Set(), g = this.g;
    for (const cells of g.units) {
      const seen = new Map();
      for (const i of cells) {
        const v = this.vals[i];
        if (!v) continue;
        if (seen.has(v)) { bad.add(i); bad.add(seen.get(v)); } else seen.set(v, i);
      }
    }
    return bad;
  }
  // nextHint: the hint for the player's position. A wrong entry first;
  // then the grader's first step that places a digit in the position made
  // of the givens and the player's right entries (found here, in its
  // order and words); else the first step of the grader's stored solve
  // path (steps that remove candidates) that those entries do not already
  // settle. While the player's entries follow the path, that is the
  // grader's own next step; off it, it is still a true step, phrased for
  // the candidates the path had there (which hold the player's).
  async nextHint() {
    const g = this.g, wrong = this.wrongCells();
    if (wrong.length) {
      const i = wrong[0];
      return { name: 'Mistake', text: `${cellName(g, i)} holds ${SYM[this.vals[i] - 1]}, which is not its digit in the solution: clear it or undo`, cells: [i], units: [], targets: [i], cell: i, mistake: true };
    }
    const vals = this.vals; // right entries only now
    // the candidates: what the entries leave, less what earlier hints
    // removed (the player has read those)
    const cand = candidates(g, vals);
    for (const c of this.known) cand[c >> 5] &= ~(1 << ((c & 31) - 1));
    const easy = findEasy(g, vals, cand);
    if (easy) return easy;
    const steps = await hintSteps(this.p);
    for (const [ni, stored, places, elims, whole] of steps) {
      let open = false;
      for (const c of places) if (!vals[c >> 5]) open = true;
      for (const c of elims) { const i = c >> 5; if (!vals[i] && (cand[i] >> ((c & 31) - 1)) & 1) open = true; }
      if (!open) continue;
      // the result names only what is still to do in this position
      const still = elims.filter(c => !vals[c >> 5] && (cand[c >> 5] >> ((c & 31) - 1)) & 1);
      const text = whole === 0 ? stored : stored + ': ' + resultText(g, places, still);
      const targets = places.concat(elims).map(c => c >> 5);
      const { cells, units } = named(g, text);
      const pl = places[0];
      return { name: meta.names[ni] || '', text, cells, units, targets, cell: pl != null ? pl >> 5 : -1, digit: pl != null ? pl & 31 : 0, elims };
    }
    if (this.p.hints === 2) return { name: '', text: 'no step found: the implemented techniques cannot make progress here (reveal a cell to go on)', cells: [], units: [], targets: [] };
    if (this.p.hints === 0) return { name: '', text: 'no hint stored for this position: this page was written without solve paths (reveal a cell to go on)', cells: [], units: [], targets: [] };
    return { name: '', text: 'no further step found (reveal a cell to go on)', cells: [], units: [], targets: [] };
  }
}

// SudokuView draws a SudokuGame and turns input into its actions.
class SudokuView {
  constructor(game) {
    this.game = game;
    const g = game.g;
    const board = this.board = $('board');
    board.className = 'board' + (g.n > 9 ? ' big' : '');
    board.removeAttribute('tabindex');
    board.style.setProperty('--n', g.n);
    board.style.setProperty('--mc', g.bc);
    board.setAttribute('role', 'grid');
    board.setAttribute('aria-label', `Sudoku ${g.n} by ${g.n}, puzzle ${game.p.id}`);
    board.dataset.key = game.p.key;
    board.replaceChildren();
    this.cells = [];
    for (let r = 0; r < g.n; r++) {
      const row = h('div', { role: 'row' });
      for (let c = 0; c < g.n; c++) {
        const i = r * g.n + c;
        let cls = 'c';
        if (c === g.n - 1) cls += ' eR'; else if ((c + 1) % g.bc === 0) cls += ' bR';
        if (r === g.n - 1) cls += ' eB'; else if ((r + 1) % g.br === 0) cls += ' bB';
        if (game.given[i]) cls += ' g';
        const cell = h('div', { role: 'gridcell', class: cls, id: 'c' + i, tabindex: '-1', 'data-i': i });
        row.append(cell);
        this.cells.push(cell);
      }
      board.append(row);
    }
    // keypad
    const kp = this.keypad = $('keypad');
    kp.replaceChildren();
    // keypad columns: beside the board the box's width (at least 3);
    // under it (narrow screens) one row up to 9, two rows for 12 and 16
    kp.style.setProperty('--kcw', Math.max(3, g.bc));
    kp.style.setProperty('--kcn', g.n <= 9 ? g.n : g.n <= 16 ? g.n / 2 : 9);
    this.keys = [];
    for (let d = 1; d <= g.n; d++) {
      const b = h('button', { type: 'button', 'data-d': d }, SYM[d - 1], h('small'));
      this.keys.push(b);
      kp.append(b);
    }
    $('mistakes').hidden = false;
    for (const id of ['pencil', 'erase', 'check', 'reveal']) $(id).hidden = false;
    $('redo').hidden = false;
    this.renderAll();
  }
  label(i) {
    const game = this.game, g = game.g, v = game.vals[i];
    let s = `Row ${Math.floor(i / g.n) + 1}, column ${i % g.n + 1}: `;
    if (game.given[i]) return s + SYM[v - 1] + ', given';
    if (v) return s + SYM[v - 1] + (this.isWrong(i) ? ', wrong' : '');
    s += 'empty';
    const m = game.marks[i];
    if (m) { const ds = []; for (let d = 0; d < g.n; d++) if ((m >> d) & 1) ds.push(SYM[d]); s += ', marks ' + ds.join(' '); }
    return s;
  }
  isWrong(i) {
    const game = this.game;
    return !game.given[i] && game.vals[i] && game.vals[i] !== game.sol[i] && (settings.showMistakes || game.checked.has(i));
  }
  renderCell(i) {
    const game = this.game, g = game.g, cell = this.cells[i], v = game.vals[i], m = game.marks[i];
    if (v) {
      if (cell.firstChild && cell.firstChild.nodeType !== 3) cell.replaceChildren();
      cell.textContent = SYM[v - 1];
    } else if (m) {
      const spans = [];
      for (let d = 0; d < g.n; d++) spans.push(h('span', { 'data-d': d + 1 }, (m >> d) & 1 ? SYM[d] : ''));
      cell.replaceChildren(h('div', { class: 'm', 'aria-hidden': 'true' }, ...spans));
    } else cell.textContent = '';
    cell.setAttribute('aria-label', this.label(i));
  }
  renderAll() {
    for (let i = 0; i < this.game.g.N; i++) this.renderCell(i);
    this.paint();
  }
  // paint sets the highlight classes: selection, peers, same digit,
  // conflicts, mistakes, the hint's cells; keypad counts; the stats.
  paint() {
    const game = this.game, g = game.g, sel = game.sel, sv = game.vals[sel];
    // while a hint shows, its cells are the only shading
    const peers = new Set(settings.hlPeers && sel >= 0 && !game.hint ? g.peers[sel] : []);
    const conf = game.conflicts();
    const hint = game.hint, hc = new Set(hint ? hint.cells : []), ht = new Set(hint ? hint.targets : []), hu = new Set();
    if (hint) for (const u of hint.units || []) for (const i of g.units[u]) hu.add(i);
    const gone = new Set(hint && hint.elims ? hint.elims : []);
    for (let i = 0; i < g.N; i++) {
      const c = this.cells[i].classList, v = game.vals[i];
      c.toggle('sel', i === sel);
      c.toggle('peer', peers.has(i));
      c.toggle('same', settings.hlSame && !game.hint && !!sv && v === sv && i !== sel);
      c.toggle('conflict', conf.has(i));
      c.toggle('wrong', !!this.isWrong(i));
      c.toggle('hc', hc.has(i)); c.toggle('ht', ht.has(i)); c.toggle('hu', hu.has(i));
      this.cells[i].setAttribute('aria-selected', i === sel ? 'true' : 'false');
      this.cells[i].tabIndex = i === sel ? 0 : -1;
      if (!v && game.marks[i]) {
        for (const sp of this.cells[i].querySelectorAll('.m span')) {
          sp.classList.toggle('on', settings.hlSame && !hint && +sp.dataset.d === sv && sp.textContent !== '');
          sp.classList.toggle('x', gone.has(i * 32 + +sp.dataset.d)); // the hint removes it
        }
      }
    }
    const count = new Array(g.n + 1).fill(0);
    for (let i = 0; i < g.N; i++) if (game.vals[i] && game.vals[i] === game.sol[i]) count[game.vals[i]]++;
    this.keys.forEach((b, k) => {
      const left = g.n - count[k + 1];
      b.lastChild.textContent = left ? String(left) : '';
      b.classList.toggle('done', !left);
      b.setAttribute('aria-label', `${this.game.pencil ? 'Mark' : 'Enter'} ${SYM[k]}${left ? `, ${left} left` : ', all placed'}`);
    });
    this.keypad.classList.toggle('marking', game.pencil);
    $('pencil').setAttribute('aria-pressed', String(game.pencil));
    $('undo').disabled = !game.hist.length;
    $('redo').disabled = !game.fut.length;
    const lives = settings.lives;
    $('mistakes').textContent = `Mistakes ${game.mistakes}${lives ? '/' + lives : ''}`;
  }
  select(i, focus) {
    const g = this.game.g;
    if (i < 0 || i >= g.N) return;
    this.game.sel = i;
    this.paint();
    if (focus) this.cells[i].focus({ preventScroll: false });
  }
  cellOf(target) {
    const c = target && target.closest ? target.closest('.c') : null;
    return c ? +c.dataset.i : -1;
  }
}

// =====================================================================
// Sliding puzzles
// =====================================================================
const DELTA = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };
const INVERSE = { U: 'D', D: 'U', L: 'R', R: 'L' };
// reduce drops back-and-forth pairs from a move string.
function reduceMoves(s) {
  const out = [];
  for (const c of s) { if (out.length && out[out.length - 1] === INVERSE[c]) out.pop(); else out.push(c); }
  return out.join('');
}
class SlideGame {
  constructor(p) {
    this.p = p;
    this.n = p.n;
    this.start = Array.from(p.tiles, ch => parseInt(ch, 36));
    this.reset();
    this.load();
    this.hint = null;
  }
  reset() { this.tiles = this.start.slice(); this.moves = ''; this.fut = ''; this.time = 0; this.hints = 0; this.solved = false; }
  load() {
    const s = store.get('p:' + this.p.key);
    if (!s || typeof s.m !== 'string') return;
    for (const c of s.m) if (!this.step(c)) break;
    this.moves = s.m.slice(0, this.moves.length);
    this.fut = typeof s.f === 'string' ? s.f : '';
    this.time = +s.t || 0; this.hints = +s.h || 0; this.solved = !!s.s && this.isGoal();
  }
  save() {
    if (!this.moves && !this.solved && this.time < 3000) { store.del('p:' + this.p.key); setStatus(this.p, null); return; }
    store.set('p:' + this.p.key, { m: this.moves, f: this.fut.slice(0, 2000), t: Math.round(this.time), h: this.hints, s: this.solved ? 1 : 0 });
    setStatus(this.p, this.solved ? 'solved' : 'started');
  }
  get done() { return this.solved; }
  blank() { return this.tiles.indexOf(0); }
  // step moves the blank one square (U, D, L, R: the way the blank goes)
  // and records it; false if the edge is in the way.
  step(c) {
    const n = this.n, b = this.blank(), r = Math.floor(b / n) + DELTA[c][0], col = b % n + DELTA[c][1];
    if (r < 0 || r >= n || col < 0 || col >= n) return false;
    const t = r * n + col;
    this.tiles[b] = this.tiles[t]; this.tiles[t] = 0;
    this.moves += c;
    return true;
  }
  // moveTile slides the tile at index t (and the ones between it and the
  // blank) toward the blank: the moves made, '' if it is not in line.
  moveTile(t) {
    const n = this.n, b = this.blank(), br = Math.floor(b / n), bc = b % n, tr = Math.floor(t / n), tc = t % n;
    let c = '', k = 0;
    if (tr === br && tc !== bc) { c = tc < bc ? 'L' : 'R'; k = Math.abs(tc - bc); }
    else if (tc === bc && tr !== br) { c = tr < br ? 'U' : 'D'; k = Math.abs(tr - br); }
    let made = '';
    for (let j = 0; j < k; j++) if (this.step(c)) made += c;
    if (made) this.fut = '';
    return made;
  }
  play(c) { if (this.solved || !this.step(c)) return false; this.fut = ''; return true; }
  undo() {
    if (!this.moves) return false;
    const c = this.moves[this.moves.length - 1];
    this.step(INVERSE[c]);
    this.moves = this.moves.slice(0, -2);
    this.fut = c + this.fut;
    return true;
  }
  redo() {
    if (!this.fut) return false;
    const c = this.fut[0];
    if (!this.step(c)) return false;
    this.fut = this.fut.slice(1);
    return true;
  }
  isGoal() {
    const N = this.tiles.length;
    for (let i = 0; i < N - 1; i++) if (this.tiles[i] !== i + 1) return false;
    return this.tiles[N - 1] === 0;
  }
  // nextHint: the next move of the record's fewest-moves solution when
  // the position is on it (moves that cancel out do not count), else how
  // far back it left that path.
  nextHint() {
    const sol = this.p.solution;
    if (!sol) return { text: 'no solution stored for this board', tile: -1 };
    const red = reduceMoves(this.moves);
    if (sol.startsWith(red)) {
      const c = sol[red.length];
      const n = this.n, b = this.blank(), t = b + DELTA[c][0] * n + DELTA[c][1];
      const dir = { U: 'down', D: 'up', L: 'right', R: 'left' }[c];
      const left = sol.length - red.length;
      return { text: `slide ${this.tiles[t]} ${dir}: ${plural(left, 'move')} to go on a fewest-moves path`, tile: t };
    }
    let j = this.moves.length;
    while (j > 0 && !sol.startsWith(reduceMoves(this.moves.slice(0, j)))) j--;
    const back = this.moves.length - j;
    return { text: `this position is off the fewest-moves path: undo ${plural(back, 'move')} to get back on it`, tile: -1 };
  }
}

class SlideView {
  constructor(game) {
    this.game = game;
    const n = game.n, board = this.board = $('board');
    board.className = 'sboard';
    board.style.setProperty('--n', n);
    board.setAttribute('role', 'group');
    board.setAttribute('aria-label', `${n * n - 1}-puzzle board ${game.p.id}: arrow keys slide a tile into the gap`);
    board.dataset.key = game.p.key;
    board.tabIndex = 0;
    board.replaceChildren();
    this.tiles = [];
    for (let i = 0; i < n * n; i++) {
      const t = h('button', { type: 'button', class: 'tile', tabindex: '-1', 'data-i': i });
      this.tiles.push(t);
      board.append(t);
    }
    $('keypad').replaceChildren();
    for (const id of ['pencil', 'erase', 'check', 'reveal']) $(id).hidden = true;
    $('redo').hidden = false;
    this.renderAll();
  }
  renderAll() {
    const game = this.game, hintTile = game.hint ? game.hint.tile : -1;
    game.tiles.forEach((v, i) => {
      const t = this.tiles[i];
      t.textContent = v ? String(v) : '';
      t.className = 'tile' + (v ? '' : ' blank') + (v && v === i + 1 ? ' ok' : '') + (i === hintTile ? ' hint' : '');
      t.setAttribute('aria-label', v ? `Tile ${v}` : 'Gap');
      t.disabled = !v;
    });
    this.paint();
  }
  paint() {
    const game = this.game, target = slideTarget(game.p);
    $('mistakes').textContent = `Moves ${game.moves.length}` + (target ? ` · ${target}` : '');
    $('undo').disabled = !game.moves.length;
    $('redo').disabled = !game.fut.length;
  }
}

// =====================================================================
// the play screen: one game at a time
// =====================================================================
let game = null, view = null, running = false, lastTick = 0, paused = false, statusTimer = 0;
function say(text) {
  const s = $('status');
  s.textContent = text;
  clearTimeout(statusTimer);
  if (text) statusTimer = setTimeout(() => { if (s.textContent === text) s.textContent = ''; }, 6000);
}
function tick() {
  const now = performance.now();
  if (running && game) game.time += now - lastTick;
  lastTick = now;
  const want = !!game && !game.done && !paused && !document.hidden && !$('play').hidden;
  running = want;
  if (game) $('timer').textContent = clock(game.time);
}
setInterval(tick, 250);
document.addEventListener('visibilitychange', () => { tick(); if (document.hidden && game) game.save(); });
addEventListener('pagehide', () => { if (game) { tick(); game.save(); } });

function setPaused(on) {
  tick();
  paused = on;
  $('paused').hidden = !on;
  $('pause').setAttribute('aria-pressed', String(on));
  $('pause').textContent = on ? 'Resume' : 'Pause';
  if (on && game) game.save();
  else if (game) (game instanceof SudokuGame ? view.cells[game.sel] : view.board).focus();
  tick();
}

function openPuzzle(p) {
  if (game) { tick(); game.save(); }
  clearHint();
  paused = false;
  $('paused').hidden = true;
  $('pause').setAttribute('aria-pressed', 'false');
  $('pause').textContent = 'Pause';
  $('list').hidden = true;
  $('play').hidden = false;
  $('play-h').textContent = `${p.id} · ${kindName(p)}${p.tier ? ' · ' + tierTitle(p.tier) : ''}${p.kind === 'sudoku' && p.rating ? ' · rating ' + p.rating.toFixed(1) : ''}`;
  document.title = `${p.id} · ${meta.title}`;
  say('');
  if (p.kind === 'sudoku') { game = new SudokuGame(p); view = new SudokuView(game); }
  else { game = new SlideGame(p); view = new SlideView(game); }
  lastTick = performance.now();
  tick();
  const focusTarget = p.kind === 'sudoku' ? view.cells[game.sel] : view.board;
  focusTarget.focus({ preventScroll: true });
  if (game.done) say(game.solved ? 'This puzzle is solved. Restart to play it again.' : 'Out of lives: restart, or raise the limit in Settings.');
  performance.mark('sg-board');
  document.body.dataset.ready = 'board';
}

function clearHint() {
  const hb = $('hintbox');
  hb.hidden = true;
  hb.replaceChildren();
  if (game && game.hint) { game.hint = null; if (view instanceof SlideView) view.renderAll(); else if (view) view.paint(); }
}
function showHint(hint) {
  const hb = $('hintbox');
  const line = h('p');
  if (hint.name) line.append(h('strong', { text: hint.name }), ': ');
  line.append(hint.text);
  hb.replaceChildren(line);
  if (hint.cell >= 0 && hint.digit) { hb.dataset.cell = hint.cell; hb.dataset.digit = hint.digit; } else { delete hb.dataset.cell; delete hb.dataset.digit; }
  hb.dataset.elims = (hint.elims || []).join(',');
  // a step that removes candidates the player has marked offers to take
  // those marks away (one undoable action)
  if (game instanceof SudokuGame && hint.elims) {
    const list = new Map();
    for (const c of hint.elims) {
      const i = c >> 5, b = 1 << ((c & 31) - 1), m = list.has(i) ? list.get(i) : game.marks[i];
      if (!game.vals[i] && m & b) list.set(i, m & ~b);
    }
    if (list.size) {
      hb.append(h('button', { type: 'button', id: 'hint-apply', onclick: () => {
        game.act([...list].map(([i, m]) => [i, 0, m]));
        afterSudoku([...list.keys()], 'keep-hint');
        $('hint-apply').remove();
        say('Marks removed.');
      } }, 'Remove these marks'));
    }
  }
  hb.hidden = false;
}

// after every sudoku action: redraw, save, and see whether it ended.
function afterSudoku(changed, res) {
  const g = game;
  if (changed) for (const i of changed) view.renderCell(i);
  if (g.hint && res !== 'keep-hint') clearHint();
  view.paint();
  if (res === 'wrong') {
    say(settings.showMistakes ? `${SYM[g.vals[g.sel] - 1]} is wrong here (mistake ${g.mistakes})` : '');
    if (settings.lives && g.mistakes >= settings.lives) {
      g.over = true;
      tick(); g.save();
      dialog('Out of lives', [`${plural(g.mistakes, 'mistake')}: the limit is ${settings.lives}.`], [
        { label: 'Keep playing without a limit', value: 'go' }, { label: 'Restart', value: 'restart' }, { label: 'Puzzle list', value: 'list', primary: true }])
        .then(v => {
          if (v === 'go') { settings.lives = 0; saveSettings(); g.over = false; view.paint(); tick(); }
          else if (v === 'restart') restart(true);
          else if (v === 'list') location.hash = '';
        });
      return;
    }
  }
  if (!g.solved && g.isSolved()) {
    g.solved = true;
    tick(); g.save();
    view.paint();
    solvedDialog(`Solved in ${clock(g.time)}`, [`${plural(g.mistakes, 'mistake')}, ${plural(g.hints, 'hint')}, ${plural(g.reveals, 'cell')} revealed.`]);
    return;
  }
  tick(); g.save();
}
function solvedDialog(title, body) {
  say(title);
  dialog('Solved!', [title + '.'].concat(body), [
    { label: 'Next puzzle', value: 'next', primary: true }, { label: 'Puzzle list', value: 'list' }, { label: 'Close', value: 'close' }])
    .then(v => {
      if (v === 'next') { const p = nextPuzzle(game.p); if (p) location.hash = hashOf(p); else location.hash = ''; }
      else if (v === 'list') location.hash = '';
    });
}
function changedCells(ch) { return ch ? ch.map(x => x[0]) : []; }

async function restart(skipAsk) {
  if (!game) return;
  if (!skipAsk) {
    const v = await dialog('Restart?', ['Clear your entries, marks, time and mistakes on this puzzle?'], [
      { label: 'Cancel', value: 'no' }, { label: 'Restart', value: 'yes', primary: true }]);
    if (v !== 'yes') return;
  }
  game.reset();
  game.checked && game.checked.clear();
  store.del('p:' + game.p.key);
  setStatus(game.p, null);
  clearHint();
  view.renderAll();
  say('Restarted.');
  lastTick = performance.now();
  tick();
  (game instanceof SudokuGame ? view.cells[game.sel] : view.board).focus();
}

// sudoku input
function sudokuDigit(d, markOnly) {
  const g = game;
  if (g.done) { say(g.solved ? 'Solved already: Restart to play again.' : 'Out of lives.'); return; }
  const i = g.sel;
  if (g.given[i]) { say('That cell is a given.'); return; }
  if (markOnly || g.pencil) {
    if (g.vals[i]) { say('Clear the cell to write marks in it.'); return; }
    g.mark(i, d);
    afterSudoku([i]);
    return;
  }
  const before = g.hist.length;
  const res = g.enter(i, d);
  afterSudoku(g.hist.length > before ? changedCells(g.hist[g.hist.length - 1]) : [], res);
}
function sudokuKey(e) {
  const g = game, n = g.g.n, i = g.sel, onBoard = !!(e.target && e.target.closest && e.target.closest('#board'));
  const mod = e.ctrlKey || e.metaKey;
  const k = e.key;
  if (mod && !e.altKey && (k === 'z' || k === 'Z')) { e.preventDefault(); doUndo(e.shiftKey); return; }
  if (mod && !e.altKey && (k === 'y' || k === 'Y')) { e.preventDefault(); doUndo(true); return; }
  if (mod || e.altKey) return;
  const mv = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 }[k];
  if (mv !== undefined) {
    e.preventDefault();
    const r = Math.floor(i / n), c = i % n;
    if ((k === 'ArrowLeft' && c === 0) || (k === 'ArrowRight' && c === n - 1) || (k === 'ArrowUp' && r === 0) || (k === 'ArrowDown' && r === n - 1)) return;
    view.select(i + mv, onBoard || document.activeElement === document.body);
    return;
  }
  if (k === 'Home' || k === 'End') { e.preventDefault(); const r = Math.floor(i / n); view.select(r * n + (k === 'Home' ? 0 : n - 1), true); return; }
  if (k === 'Backspace' || k === 'Delete' || k === '0') { e.preventDefault(); const ch = g.erase(i) ? g.hist[g.hist.length - 1] : null; afterSudoku(changedCells(ch)); return; }
  if (k === ' ' && (onBoard || document.activeElement === document.body)) { e.preventDefault(); togglePencil(); return; }
  if (k === 'Escape') { clearHint(); return; }
  let d = 0;
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code || '');
  if (m) d = +m[1];
  else if (k.length === 1) d = SYM.indexOf(k.toUpperCase()) + 1;
  if (d >= 1 && d <= n) { e.preventDefault(); sudokuDigit(d, e.shiftKey); }
}
function togglePencil() {
  game.pencil = !game.pencil;
  view.paint();
  say(game.pencil ? 'Pencil marks on: digits toggle marks.' : 'Pencil marks off: digits fill the cell.');
}
function doUndo(redo) {
  if (game instanceof SlideGame) {
    if (redo ? game.redo() : game.undo()) { clearHint(); view.renderAll(); tick(); game.save(); } else say(redo ? 'Nothing to redo.' : 'Nothing to undo.');
    return;
  }
  const i = redo ? game.redo() : game.undo();
  if (i === null) { say(redo ? 'Nothing to redo.' : 'Nothing to undo.'); return; }
  const ch = redo ? game.hist[game.hist.length - 1] : game.fut[game.fut.length - 1];
  game.checked.clear();
  game.sel = i;
  clearHint();
  afterSudoku(changedCells(ch));
  view.select(i, false);
}

// slide input
function slideMoved(made) {
  if (!made) return;
  clearHint();
  view.renderAll();
  const g = game;
  if (g.isGoal()) {
    g.solved = true;
    tick(); g.save();
    view.paint();
    const n = g.moves.length, p = g.p;
    let body = '';
    if (p.optimal >= 0) body = n === p.optimal ? `That is the fewest possible (${p.optimal}).` : `The fewest possible is ${p.optimal}.`;
    else if (p.length >= 0) body = `The best solution known takes ${p.length}` + (p.lower >= 0 ? `; no solution is shorter than ${p.lower}.` : '.');
    solvedDialog(`Solved in ${plural(n, 'move')}, ${clock(g.time)}`, body ? [body] : []);
    return;
  }
  tick(); g.save();
}
function slideKey(e) {
  const k = e.key, mod = e.ctrlKey || e.metaKey;
  if (mod && !e.altKey && (k === 'z' || k === 'Z')) { e.preventDefault(); doUndo(e.shiftKey); return; }
  if (mod && !e.altKey && (k === 'y' || k === 'Y')) { e.preventDefault(); doUndo(true); return; }
  // an arrow slides a tile that way: the blank goes the other way
  const c = { ArrowLeft: 'R', ArrowRight: 'L', ArrowUp: 'D', ArrowDown: 'U' }[k];
  if (c && !mod && !e.altKey) {
    e.preventDefault();
    if (game.solved) { say('Solved already: Restart to play again.'); return; }
    slideMoved(game.play(c) ? c : '');
  }
  if (k === 'Escape') clearHint();
}

// =====================================================================
// wiring
// =====================================================================
document.addEventListener('keydown', e => {
  if (dlg.open || $('play').hidden || !game) return;
  if (e.target && e.target.matches && e.target.matches('input, select, textarea')) return;
  if (paused) return;
  if (game instanceof SudokuGame) sudokuKey(e); else slideKey(e);
});
$('board').addEventListener('pointerdown', e => {
  if (!game || paused) return;
  if (game instanceof SudokuGame) {
    const i = view.cellOf(e.target);
    if (i >= 0) { e.preventDefault(); view.select(i, true); }
  }
});
$('board').addEventListener('click', e => {
  if (!(game instanceof SlideGame) || paused) return;
  const t = e.target.closest('.tile');
  if (!t) return;
  if (game.solved) { say('Solved already: Restart to play again.'); return; }
  slideMoved(game.moveTile(+t.dataset.i));
});
// keypad: click enters (or marks in pencil mode, or with Shift); a long
// press marks.
let press = null;
$('keypad').addEventListener('pointerdown', e => {
  const b = e.target.closest('button');
  if (!b) return;
  clearTimeout(press && press.t);
  press = { b, fired: false, t: setTimeout(() => { press.fired = true; if (game instanceof SudokuGame) sudokuDigit(+b.dataset.d, true); }, 500) };
});
for (const ev of ['pointerup', 'pointerleave', 'pointercancel']) $('keypad').addEventListener(ev, () => { if (press) clearTimeout(press.t); });
$('keypad').addEventListener('contextmenu', e => e.preventDefault());
$('keypad').addEventListener('click', e => {
  const b = e.target.closest('button');
  if (!b || !(game instanceof SudokuGame)) return;
  if (press && press.b === b && press.fired) { press = null; return; }
  press = null;
  sudokuDigit(+b.dataset.d, e.shiftKey);
});
$('pencil').addEventListener('click', togglePencil);
$('erase').addEventListener('click', () => { const ch = game.erase(game.sel) ? game.hist[game.hist.length - 1] : null; afterSudoku(changedCells(ch)); });
$('undo').addEventListener('click', () => doUndo(false));
$('redo').addEventListener('click', () => doUndo(true));
$('restart').addEventListener('click', () => restart(false));
$('back').addEventListener('click', () => { location.hash = ''; });
$('pause').addEventListener('click', () => setPaused(!paused));
$('resume').addEventListener('click', () => setPaused(false));
$('check').addEventListener('click', () => {
  const g = game, wrong = g.wrongCells();
  let filled = 0;
  for (let i = 0; i < g.g.N; i++) if (!g.given[i] && g.vals[i]) filled++;
  for (const i of wrong) g.checked.add(i);
  view.paint();
  say(wrong.length ? (wrong.length === 1 ? '1 entry is wrong' : `${wrong.length} entries are wrong`) + ' (shown in red).' : filled ? `All ${filled} of your entries are right.` : 'No entries to check yet.');
});
$('reveal').addEventListener('click', () => {
  const g = game, i = g.sel;
  if (g.given[i]) { say('That cell is a given.'); return; }
  if (!g.reveal(i)) { say(g.done ? 'The game is over.' : 'That cell is already right.'); return; }
  say(`${cellName(g.g, i)} is ${SYM[g.sol[i] - 1]}.`);
  afterSudoku(changedCells(g.hist[g.hist.length - 1]));
});
$('hint').addEventListener('click', async () => {
  if (!game || game.done) { say('The game is over.'); return; }
  let hint;
  try { hint = await game.nextHint(); } catch (err) { say('No hint: ' + err.message); return; }
  game.hints++;
  game.hint = hint;
  // what a hint removes is known from now on: the next hint goes on
  if (hint.elims) for (const c of hint.elims) game.known.add(c);
  showHint(hint);
  if (game instanceof SudokuGame) { if (hint.cell >= 0) view.select(hint.cell, false); view.paint(); } else view.renderAll();
  tick(); game.save();
});

// ---- settings and help
function settingsBody() {
  const box = (key, label) => {
    const i = h('input', { type: 'checkbox', id: 'set-' + key });
    i.checked = !!settings[key];
    i.addEventListener('change', () => { settings[key] = i.checked; saveSettings(); if (view) view.paint && view.paint(); });
    return h('label', { class: 'opt', for: 'set-' + key }, i, label);
  };
  const sel = (key, label, opts) => {
    const s = h('select', { id: 'set-' + key });
    for (const [v, t] of opts) { const o = h('option', { value: v, text: t }); if (String(settings[key]) === String(v)) o.selected = true; s.append(o); }
    s.addEventListener('change', () => { settings[key] = typeof DEFAULTS[key] === 'number' ? +s.value : s.value; saveSettings(); applyTheme(); if (view) view.paint(); });
    return h('label', { class: 'opt', for: 'set-' + key }, label, s);
  };
  return [
    box('autoMarks', 'Remove a digit’s marks from its row, column and box when it is entered'),
    box('showMistakes', 'Show wrong digits at once (they are counted either way)'),
    sel('lives', 'Mistake limit', [[0, 'none'], [3, '3'], [5, '5'], [10, '10']]),
    box('hlPeers', 'Shade the row, column and box of the selected cell'),
    box('hlSame', 'Highlight the selected digit elsewhere'),
    sel('theme', 'Colours', [['auto', 'as the system'], ['light', 'light'], ['dark', 'dark']]),
  ];
}
$('settings-btn').addEventListener('click', () => dialog('Settings', settingsBody(), [{ label: 'Done', value: 'ok', primary: true }]));
function helpBody() {
  const rows = [
    ['Arrow keys', 'move in the grid (sliding puzzle: slide a tile that way)'],
    [`1–9${meta.maxN > 9 ? ', A–' + SYM[meta.maxN - 1] : ''}`, 'enter a digit (the same digit again clears it)'],
    ['Shift + digit', 'toggle one pencil mark; a long press on a keypad button does the same'],
    ['Space', 'pencil mode on or off'],
    ['Delete, Backspace, 0', 'erase the cell'],
    ['Ctrl+Z, Ctrl+Y', 'undo, redo (every entry and mark)'],
    ['Escape', 'hide the hint'],
  ];
  return [
    h('table', { class: 'keys' }, ...rows.map(([k, t]) => h('tr', null, h('td', null, h('kbd', { text: k })), h('td', { text: t })))),
    'Hint shows the next step of the grader’s solve path for your position, in the words of sudogen explain, and highlights the cells it names (a wrong entry comes first). Ask again after a step that removes candidates to get the one after it.',
    'Your progress is kept in this browser for each puzzle; the timer stops while the page is hidden.',
  ];
}
$('help-btn').addEventListener('click', () => dialog('How to play', helpBody(), [{ label: 'Close', value: 'ok', primary: true }]));

// =====================================================================
// the list
// =====================================================================
let listPage = 0, listView = [];
function filtered() {
  const tier = $('f-tier').value, kind = $('f-kind').value, st = $('f-status').value, q = $('f-id').value.trim().toLowerCase(), sort = $('f-sort').value;
  let out = puzzles.filter(p => (!tier || (tier === '-' ? !p.tier : p.tier === tier)) && (!kind || kindName(p) === kind)
    && (!st || (st === 'unsolved' ? statusOf(p) !== 'solved' : statusOf(p) === st)) && (!q || p.id.toLowerCase().includes(q)));
  if (sort === 'rating') out = out.slice().sort((a, b) => (a.rating || a.optimal || 0) - (b.rating || b.optimal || 0) || a.i - b.i);
  if (sort === 'id') out = out.slice().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.i - b.i));
  return out;
}
function nextPuzzle(p) {
  const list = listView.length ? listView : puzzles;
  const at = list.indexOf(p);
  for (let k = 1; k <= list.length; k++) { const q = list[(at + k) % list.length]; if (q !== p && statusOf(q) !== 'solved') return q; }
  return null;
}
function renderList(keepPage) {
  statusIndex = store.get('status') || {};
  listView = filtered();
  const pages = Math.max(1, Math.ceil(listView.length / PAGE));
  if (!keepPage) listPage = 0;
  listPage = Math.min(listPage, pages - 1);
  const rows = [];
  for (const p of listView.slice(listPage * PAGE, listPage * PAGE + PAGE)) {
    const st = statusOf(p);
    rows.push(h('tr', null,
      h('td', { class: 'num', text: String(p.i + 1) }),
      h('td', null, h('a', { href: hashOf(p), text: p.id || '(no id)' })),
      h('td', { text: kindName(p) }),
      h('td', { text: tierTitle(p.tier) }),
      h('td', { class: 'num', text: ratingText(p) }),
      h('td', null, h('span', { class: 'badge ' + st, text: STATUS_TEXT[st] }))));
  }
  $('rows').replaceChildren(...rows);
  const from = listView.length ? listPage * PAGE + 1 : 0, to = Math.min(listView.length, (listPage + 1) * PAGE);
  const solved = puzzles.filter(p => statusOf(p) === 'solved').length;
  $('list-count').textContent = listView.length ? `Showing ${from}–${to} of ${listView.length} puzzles (${solved} of ${puzzles.length} solved).` : 'No puzzles match.';
  $('page-no').textContent = `Page ${listPage + 1} of ${pages}`;
  $('prev-page').disabled = listPage === 0;
  $('next-page').disabled = listPage >= pages - 1;
}
function showList() {
  if (game) { tick(); game.save(); }
  game = null; view = null;
  clearHint();
  $('play').hidden = true;
  $('list').hidden = false;
  document.title = meta.title;
  renderList(true);
  performance.mark('sg-list');
  document.body.dataset.ready = 'list';
}
function route() {
  const m = /^#play=(.+)$/.exec(location.hash);
  if (m) {
    const key = decodeURIComponent(m[1]);
    const p = key[0] === '@' ? puzzles[+key.slice(1)] : byId.get(key);
    if (p) { openPuzzle(p); return; }
  }
  showList();
}
function setupList() {
  const add = (sel, v, t) => sel.append(h('option', { value: v, text: t }));
  const tiers = new Set(puzzles.map(p => p.tier));
  for (const t of meta.tiers) if (tiers.has(t)) add($('f-tier'), t, tierTitle(t));
  if (tiers.has('')) add($('f-tier'), '-', 'Untiered');
  for (const k of [...new Set(puzzles.map(kindName))]) add($('f-kind'), k, k);
  for (const id of ['f-tier', 'f-kind', 'f-status', 'f-sort']) $(id).addEventListener('change', () => renderList(false));
  $('f-id').addEventListener('input', () => renderList(false));
  $('filters').addEventListener('submit', e => e.preventDefault());
  $('prev-page').addEventListener('click', () => { listPage--; renderList(true); });
  $('next-page').addEventListener('click', () => { listPage++; renderList(true); });
}

async function start() {
  try {
    const rows = JSON.parse(await inflate($('sg-data').textContent.trim()));
    puzzles = decode(rows);
    for (const p of puzzles) if (!byId.has(p.id)) byId.set(p.id, p);
    meta.maxN = Math.max(...puzzles.map(p => p.kind === 'sudoku' ? p.n : 0));
    setupList();
    $('loading').hidden = true;
    addEventListener('hashchange', route);
    route();
  } catch (err) {
    const l = $('loading');
    l.setAttribute('role', 'alert');
    l.className = 'warn';
    l.textContent = 'Cannot open the puzzles: ' + err.message;
  }
}
start();
})();
