// sudogen play page: the puzzle list, the daily puzzle, the Sudoku and
// sliding-puzzle games, hints in three levels, the glossary, progress in
// localStorage, the player's language. No network, no libraries.
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
// svg writes an SVG element as markup (the board's lines and chains are
// made of numbers and fixed class names only); the HTML parser puts it
// in the SVG namespace.
function svg(tag, attrs, inner) {
  let s = '<' + tag;
  for (const k in attrs) s += ` ${k}="${attrs[k]}"`;
  return s + '>' + (inner || '') + '</' + tag + '>';
}
function svgNode(markup) {
  const t = document.createElement('template');
  t.innerHTML = markup;
  return t.content.firstChild;
}

// ---- storage: never throws (private windows and full disks refuse)
const store = {
  get(k) { try { const s = localStorage.getItem(LS + k); return s ? JSON.parse(s) : null; } catch (e) { return null; } },
  set(k, v) { try { localStorage.setItem(LS + k, JSON.stringify(v)); return true; } catch (e) { return false; } },
  del(k) { try { localStorage.removeItem(LS + k); } catch (e) { /* ignore */ } },
};

// ---- settings
const DEFAULTS = { autoMarks: true, showMistakes: true, lives: 0, hlPeers: true, hlSame: true, theme: 'auto', timer: true, lang: '', daily: true };
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
  if (typeof DecompressionStream === 'undefined') throw new Error(t('play.no_decompress'));
  const s = new Blob([bytesOf(b64)]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(s).text();
}
function fnv(s) {
  let x = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) { x ^= s.charCodeAt(i); x = Math.imul(x, 0x01000193); }
  return (x >>> 0).toString(36);
}

// =====================================================================
// language: string tables, plurals, lists, names of cells and houses
// =====================================================================
// #sg-langs holds the tables of the languages the page carries (one
// JSON object by tag, deflated; internal/i18n's "play" and "techniques"
// sections and a few words of "book" and "locale"). Every table has
// every key (internal/i18n's tests check it).
let lang = 'en', STR = {}, ALL = {};
// pickLang is the page's language: the player's choice in Settings, else
// the one the page was made for, else the browser's first language the
// page has, else English.
function pickLang() {
  const have = Object.keys(ALL);
  if (settings.lang && have.includes(settings.lang)) return settings.lang;
  if (meta.lang && have.includes(meta.lang)) return meta.lang;
  for (const want of navigator.languages || [navigator.language || 'en']) {
    const l = matchLang(want, have);
    if (l) return l;
  }
  return have.includes('en') ? 'en' : have[0];
}
// matchLang maps a browser language tag to a table as internal/i18n's
// Match does: Chinese by script, else region (zh-TW, zh-HK, zh-MO:
// zh-Hant; others zh-Hans); other languages by their first subtag.
function matchLang(tag, have) {
  const sub = String(tag || '').toLowerCase().replace(/_/g, '-').split('-');
  let l = sub[0];
  if (l === 'zh') {
    const script = sub.slice(1).find(x => x.length === 4), region = sub.slice(1).find(x => x.length === 2 || x.length === 3);
    l = script === 'hant' || (!script && ['tw', 'hk', 'mo'].includes(region)) ? 'zh-Hant' : script && script !== 'hans' ? '' : 'zh-Hans';
  }
  return have.includes(l) ? l : null;
}
async function loadLang() {
  ALL = JSON.parse(await inflate($('sg-langs').textContent.trim()));
  lang = pickLang();
  STR = ALL[lang];
  document.documentElement.lang = lang;
  plurals = new Intl.PluralRules(lang);
  dec1 = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
let plurals = new Intl.PluralRules('en');
let dec1 = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
// raw is a message as the table has it.
function raw(key) {
  let v = STR;
  for (const k of key.split('.')) { if (v == null) return undefined; v = v[k]; }
  return v;
}
// t fills a message's {name} fields from args; a plural message (an
// object of CLDR plural categories) takes the form for args.n.
function t(key, args) {
  let s = raw(key);
  if (s && typeof s === 'object') s = s[plurals.select(args && args.n)] ?? s.other;
  if (typeof s !== 'string') return key;
  return fill(s, args);
}
function fill(s, args) {
  return s.replace(/\{(\w+)\}/g, (m, k) => args && args[k] != null ? String(args[k]) : m);
}
// listOf joins items as the language writes a list ("A, B and C").
function listOf(a) {
  a = a.map(String);
  if (a.length < 2) return a.join('');
  return a.slice(0, -1).join(STR.locale.list_sep) + STR.locale.list_and + a[a.length - 1];
}
const cap = s => s ? s[0].toLocaleUpperCase(lang) + s.slice(1) : s;
const num1 = x => dec1.format(x);

// ---- the page's fixed words, translated in place (data-t attributes)
function translatePage() {
  for (const e of document.querySelectorAll('[data-t]')) e.textContent = t('play.' + e.dataset.t);
  for (const e of document.querySelectorAll('[data-t-title]')) e.title = t('play.' + e.dataset.tTitle);
  for (const e of document.querySelectorAll('[data-t-label]')) e.setAttribute('aria-label', t('play.' + e.dataset.tLabel));
}
// pageTitle: the --title, else the kinds' titles (meta.titles: [key,
// suffix], e.g. ['killer', ' 6×6']) in the page's language, each after
// the first in lower case where its titles capitalize their first word
// only (locale.sentence_titles: "Sudoku, sudoku killer et taquins").
function pageTitle() {
  if (meta.title) return meta.title;
  const titles = meta.titles || (meta.kinds === 'both' ? [['sudoku', ''], ['slide', '']] : [[meta.kinds, '']]);
  return listOf(titles.map(([k, s], i) => {
    const name = (STR.kinds[k] || STR.kinds.sudoku) + s;
    return i && STR.locale.sentence_titles ? name[0].toLocaleLowerCase(lang) + name.slice(1) : name;
  }));
}

// =====================================================================
// puzzles
// =====================================================================
let puzzles = [];
const byId = new Map();
function decode(rows) {
  const counts = new Map();
  const ps = rows.map((r, i) => {
    const p = r[0] === 0
      ? { i, kind: 'sudoku', id: r[1], tier: meta.tiers[r[2]] || '', rating: r[3], br: r[4], bc: r[5], cells: r[6], hints: r[7], geo: r[8] || null }
      : { i, kind: 'slide', id: r[1], tier: meta.tiers[r[2]] || '', n: r[3], tiles: r[4], optimal: r[5], length: r[6], lower: r[7], solution: r[8] || '' };
    if (p.kind === 'sudoku') p.n = p.geo ? p.geo.n : p.br * p.bc;
    // keyed by id and a hash of what makes the puzzle: its cells, and a
    // killer's cages (killers of one seed share their cells, all empty,
    // and their solution whatever their cages)
    const cages = p.geo && p.geo.cages ? JSON.stringify(p.geo.cages) : '';
    p.key = p.id + '~' + fnv(p.kind === 'sudoku' ? p.cells + cages : p.tiles);
    // a puzzle's number within its tier and kind (as the list names it:
    // Sudoku 9×9, X-Sudoku 9×9, Samurai, Killer 9×9 apart), in corpus
    // order
    const g = p.tier + '|' + kindKey(p);
    counts.set(g, (counts.get(g) || 0) + 1);
    p.num = counts.get(g);
    return p;
  });
  // A name two puzzles would share (Hard 1 of the 8-puzzles and of the
  // 15-puzzles, of Sudoku 9×9 and 6×6, of X-Sudoku) names its kind too,
  // so every puzzle on the page has a name of its own; a name no other
  // puzzle has stays as it is.
  const seen = new Map();
  for (const p of ps) { const k = p.tier + '|' + p.num, q = seen.get(k); if (q) q.shared = p.shared = true; else seen.set(k, p); }
  return ps;
}
// killerX: a killer whose diagonals are houses (Killer-X).
const killerX = p => p.geo.kinds.includes('diagonal');
// kindKey is kindName in no language: the kind a puzzle is numbered in.
function kindKey(p) {
  const geo = p.kind === 'sudoku' && p.geo;
  if (geo && geo.cages && geo.cages.length) return (killerX(p) ? 'killer_x' : 'killer') + p.n;
  if (geo && geo.variants && geo.variants.length) return geo.variants.join('+') + p.n;
  return p.kind + p.n;
}
function kindName(p) {
  if (p.kind === 'sudoku' && p.geo && p.geo.cages && p.geo.cages.length) {
    return killerX(p) ? t('play.variant_kind', { name: STR.kinds.killer_x, n: p.n }) : t('play.killer_kind', { n: p.n });
  }
  // a variant: its variants' names ("X-Sudoku + Anti-knight 9×9"); a
  // Samurai board by its name alone
  const vs = p.kind === 'sudoku' && p.geo && p.geo.variants;
  if (vs && vs.length) {
    const name = variantNames(vs);
    return vs.includes('samurai') ? name : t('play.variant_kind', { name, n: p.n });
  }
  return p.kind === 'sudoku' ? t('play.sudoku_kind', { n: p.n }) : t('play.slide_kind', { n: p.n * p.n - 1 });
}
// boardKind names p's board for its label (play.board_label), without
// its size: "Killer Sudoku", "X-Sudoku + Anti-knight", "Samurai"; a
// classic board is a Sudoku.
function boardKind(p) {
  const geo = p.kind === 'sudoku' && p.geo;
  if (geo && geo.cages && geo.cages.length) return killerX(p) ? STR.kinds.killer_x : STR.kinds.killer;
  if (geo && geo.variants && geo.variants.length) return variantNames(geo.variants);
  return STR.kinds.sudoku;
}
// variantNames names a variant list in the page's language: "X-Sudoku +
// Anti-knight".
const variantNames = vs => vs.map(v => STR.kinds['variant_' + v] || v).join(' + ');
// puzzleRules are the sentences of p's rules beyond the classic ones, in
// the page's language, as the book prints them under a section's head:
// a killer's cages (and hidden sums, Killer-X's diagonals), else each of
// a variant's rules in the catalogue's order; none for classic sudoku
// and slides.
function puzzleRules(p) {
  const geo = p.kind === 'sudoku' && p.geo, R = STR.rules || {};
  if (!geo) return [];
  const out = [];
  if (geo.cages && geo.cages.length) {
    out.push(R.killer);
    if (geo.cages.some(c => !c[0])) out.push(R.killer_hidden);
    if (killerX(p)) out.push(R.killer_x);
  } else for (const v of geo.variants || []) out.push(R[v]);
  return out.filter(Boolean);
}
function tierTitle(tier) {
  if (!tier) return t('play.untiered');
  const v = STR.tier[tier];
  return typeof v === 'string' ? v : tier[0].toLocaleUpperCase() + tier.slice(1);
}
// shortName is p's tier and number among its kind's puzzles of that tier
// ("Hard 12"), for where its kind is said beside it (the board's label,
// the daily puzzle's line).
const shortName = p => t('play.puzzle_name', { tier: tierTitle(p.tier), n: p.num });
// puzzleName is p's name on the page: shortName, with its kind after it
// when another puzzle's shortName is the same ("Hard 1 (15-puzzle)";
// full-width brackets in Chinese and Japanese: "上級 第1問（8パズル）"),
// the kind's last word kept with the one before it ("(Taquin 8)" broke
// after "(Taquin" on a phone) and its hyphens non-breaking ("(X-" ended
// a line and "Sudoku 9×9)" began the next).
const puzzleName = p => shortName(p) + (!p.shared ? '' : /^(ja|zh)/.test(lang) ? `（${kindName(p)}）` : ` (${kindName(p).replace(/ (?=\S+$)/, '\u00a0').replace(/-/g, '\u2011')})`);
function slideTarget(p) {
  if (p.optimal >= 0) return t('play.fewest', { n: p.optimal });
  if (p.length >= 0) return p.lower >= 0 ? t('play.best_known_lower', { n: p.length, lower: p.lower }) : t('play.best_known', { n: p.length });
  return '';
}
function ratingText(p) {
  if (p.kind === 'slide') return p.optimal >= 0 ? t('play.moves', { n: p.optimal }) : p.length >= 0 ? t('play.at_most_moves', { n: p.length }) : '';
  return p.rating ? num1(p.rating) : '';
}
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
  return Array.isArray(steps) ? steps.map(storedStep) : [];
}
// storedStep reads a stored step: [technique, places, elims, houses,
// cells, digits, proof, cages] (see export/html_data.go hintRow).
function storedStep(r) {
  const [ti, places, elims, houses, cells, digits, proof, cages] = r;
  const tech = meta.techs[ti] || ['', ''];
  const s = { tech: tech[0], fallback: tech[1], places: places || [], elims: elims || [], houses: houses || [], cells: cells || [], digits: digits || [], cages: cages || [] };
  if (proof) {
    const [kind, head, nested, ...branches] = proof;
    s.proof = { kind, head, nested: !!nested, branches: branches.map(b => b.map(x => ({ cell: x >> 6, d: (x >> 1) & 31, on: !!(x & 1) }))) };
  }
  return s;
}

// ---- progress: one key per puzzle plus a status index for the list
let statusIndex = store.get('status') || {};
function setStatus(p, st) {
  statusIndex = store.get('status') || {}; // another tab may have written
  if (st) statusIndex[p.key] = st; else delete statusIndex[p.key];
  store.set('status', statusIndex);
}
// A sliding puzzle whose board is the goal already (no moves: a record
// can hold one) is solved, played or not (p.goal: worked out once, as the
// list's filters ask every puzzle's status on each change).
const statusOf = p => statusIndex[p.key] || (p.kind === 'slide' && (p.goal ??= atGoal(Array.from(p.tiles, c => parseInt(c, 36)))) ? 'solved' : 'new');
const STATUS_KEY = { new: 'st_new', started: 'st_started', solved: 'st_solved' };

// ---- time
function clock(ms) {
  const s = Math.floor(ms / 1000), m = Math.floor(s / 60), hh = Math.floor(m / 60);
  const two = x => String(x).padStart(2, '0');
  return hh ? `${hh}:${two(m % 60)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

// ---- dialog
const dlg = $('dlg');
// settle ends the promise of the dialog shown last if its close event has
// not come yet. A closed dialog's close event is a task of its own, and
// the browser may run input (a click, a key) before it: a dialog opened
// by that input must not take the late event for its own closing (it
// resolved the new dialog with nothing while it stayed open).
let settle = null;
function dialog(title, body, buttons) {
  if (settle) settle();
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
    const finish = () => {
      dlg.removeEventListener('close', done);
      if (settle === finish) settle = null;
      resolve(dlg.returnValue || null);
    };
    const done = () => { if (!dlg.open) finish(); }; // open: the late close of the dialog before
    settle = finish;
    dlg.returnValue = '';
    dlg.addEventListener('close', done);
    dlg.showModal();
    if (first) first.focus();
  });
}

// =====================================================================
// Sudoku geometry: houses, not three kinds of unit
// =====================================================================
// A board is a frame of w x h cells (some may be unused), a list of
// houses (each holds every symbol once) with their kinds, the region of
// each cell (the house drawn with a thick outline: a box, a jigsaw
// piece; -1 for an unused cell) and the houses to shade (extra houses of
// a variant). A classic board is built from its box shape; a variant's
// record passes the same fields (p.geo: {w, h, n, houses, kinds,
// region, shade}); a killer's adds its cages ([sum, cell, ...] each:
// distinct digits adding up to the sum).
function classicSpec(br, bc) {
  const n = br * bc, houses = [], kinds = [], region = [];
  for (let r = 0; r < n; r++) { houses.push(Array.from({ length: n }, (_, c) => r * n + c)); kinds.push('row'); }
  for (let c = 0; c < n; c++) { houses.push(Array.from({ length: n }, (_, r) => r * n + c)); kinds.push('column'); }
  const perRow = n / bc;
  for (let b = 0; b < n; b++) {
    const r0 = Math.floor(b / perRow) * br, c0 = (b % perRow) * bc, cells = [];
    for (let r = r0; r < r0 + br; r++) for (let c = c0; c < c0 + bc; c++) { cells.push(r * n + c); region[r * n + c] = 2 * n + b; }
    houses.push(cells); kinds.push('box');
  }
  return { w: n, h: n, n, houses, kinds, region, shade: [], mr: br, mc: bc };
}

const geoCache = new Map();
// geometry turns a spec into the tables play uses: per cell its houses
// and peers, per house its cells and its number among houses of its
// kind, the scan order, and which cells two houses share.
function geometry(spec) {
  const key = JSON.stringify(spec);
  if (geoCache.has(key)) return geoCache.get(key);
  const { w, h: hh, n, houses, region } = spec;
  const kinds = spec.kinds.map(k => HOUSE_KINDS.includes(k) ? k : 'extra');
  const N = w * hh, used = new Uint8Array(N);
  for (let i = 0; i < N; i++) used[i] = region[i] != null && region[i] >= 0 ? 1 : 0;
  const cu = Array.from({ length: N }, () => []);
  houses.forEach((cells, u) => { for (const c of cells) cu[c].push(u); });
  // cages: not houses (they need not hold every digit), but their cells
  // see each other
  const cages = (spec.cages || []).map(a => ({ sum: a[0], cells: a.slice(1) }));
  const cageOf = new Int16Array(N).fill(-1);
  cages.forEach((cg, k) => { for (const c of cg.cells) cageOf[c] = k; });
  // implied: Windoku's five windows that the four shaded ones imply with
  // the boxes (windows, not shaded). The grader's houses, so candidates
  // and hints use them, but the rules the player reads name four
  // windows: two equal digits in one are no conflict, and near, the
  // peers the selection highlights, leaves out a peer by one alone.
  const implied = houses.map((_, u) => kinds[u] === 'window' && !(spec.shade || []).includes(u));
  const peers = [], near = [];
  for (let i = 0; i < N; i++) {
    const s = new Set(), r = new Set();
    for (const u of cu[i]) for (const j of houses[u]) if (j !== i) { s.add(j); if (!implied[u]) r.add(j); }
    for (const j of (spec.sees && spec.sees[i]) || []) { s.add(j); r.add(j); }
    if (cageOf[i] >= 0) for (const j of cages[cageOf[i]].cells) if (j !== i) { s.add(j); r.add(j); }
    peers.push(Int16Array.from(s)); near.push(Int16Array.from(r));
  }
  // a house's number in its name: a row's or column's is the frame's row
  // or column its cells are in, the numbers its cells are named by (on a
  // Samurai, two grids' rows share one); any other house's is its place
  // among the houses of its kind
  const num = [], counts = {}, byKind = {};
  const line = (k, cells) => k === 'row' ? Math.floor(cells[0] / w) + 1 : k === 'column' ? cells[0] % w + 1 : 0;
  kinds.forEach((k, u) => { counts[k] = (counts[k] || 0) + 1; num.push(line(k, houses[u]) || counts[k]); (byKind[k] = byKind[k] || []).push(u); });
  // SE's scan order "B": boxes (regions), then columns, then rows, then
  // any other house
  const rank = k => ({ box: 0, region: 0, column: 1, row: 2 })[k] ?? 3;
  const orderB = houses.map((_, u) => u).sort((a, b) => rank(kinds[a]) - rank(kinds[b]) || a - b);
  // inside[a][b]: the positions (bit i = the i-th cell of house a) of
  // the cells house a shares with house b
  const inside = houses.map(a => houses.map((b, bi) => {
    let m = 0;
    a.forEach((c, i) => { if (cu[c].includes(bi)) m |= 1 << i; });
    return m;
  }));
  const mc = spec.mc || Math.ceil(Math.sqrt(n)), mr = spec.mr || Math.ceil(n / mc);
  const shade = new Uint8Array(N);
  for (const u of spec.shade || []) for (const c of houses[u]) shade[c] = 1;
  // sees: the anti-knight/anti-king pairs (no equal digits); nc: for a
  // non-consecutive board, each cell's orthogonal neighbours (no digits
  // differing by one)
  const sees = Array.from({ length: N }, (_, i) => Int16Array.from((spec.sees && spec.sees[i]) || []));
  const nc = spec.nc ? Array.from({ length: N }, (_, i) => {
    const r = Math.floor(i / w), c = i % w, out = [];
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      const rr = r + dr, cc = c + dc;
      if (rr >= 0 && rr < hh && cc >= 0 && cc < w && used[rr * w + cc]) out.push(rr * w + cc);
    }
    return Int16Array.from(out);
  }) : null;
  const g = { n, N, w, h: hh, used, units: houses, implied, kinds, region, cu, peers, near, orderB, inside, num, byKind, mc, mr, shade, cages, cageOf, sees, nc };
  geoCache.set(key, g);
  return g;
}
const rowOf = (g, i) => Math.floor(i / g.w), colOf = (g, i) => i % g.w;
const cellName = (g, i) => t('play.cell', { r: rowOf(g, i) + 1, c: colOf(g, i) + 1 });
const cellsName = (g, cs) => listOf(cs.map(c => cellName(g, c)));
// unitName names a house. A box of a board wider than one grid (a
// Samurai's 41, numbered grid by grid as explain numbers them) is not
// found by its number on a board that shows none: its name adds its
// corners, as explain adds its range ("box 16 r7c13-r9c15").
function unitName(g, u) {
  const name = t('play.house.' + g.kinds[u], { n: g.num[u] }), cs = g.units[u], cjk = /^(ja|zh)/.test(lang);
  return g.kinds[u] !== 'box' || g.w === g.n ? name : name + (cjk ? '（' : ' (') + cellName(g, Math.min(...cs)) + ' – ' + cellName(g, Math.max(...cs)) + (cjk ? '）' : ')');
}
// HOUSE_KINDS are the kinds of house a board may have; a variant's
// record names each of its houses by one (anything else counts as
// 'extra').
const HOUSE_KINDS = ['row', 'column', 'box', 'region', 'diagonal', 'window', 'group', 'extra'];
const bitCount = m => { let c = 0; while (m) { m &= m - 1; c++; } return c; };
const lowBit = m => 31 - Math.clz32(m & -m); // index of the lowest set bit

// candidates(g, vals): per empty cell the digits no peer holds (bit d-1).
function candidates(g, vals) {
  const all = (1 << g.n) - 1, cand = new Int32Array(g.N);
  for (let i = 0; i < g.N; i++) {
    if (vals[i] || !g.used[i]) continue;
    let m = all;
    for (const j of g.peers[i]) if (vals[j]) m &= ~(1 << (vals[j] - 1));
    if (g.nc) for (const j of g.nc[i]) if (vals[j]) m &= ~((1 << vals[j]) | (1 << (vals[j] - 2)));
    cand[i] = m & all;
  }
  return cand;
}

// =====================================================================
// steps the page finds itself
// =====================================================================
// The grader's easiest steps are found here, in the player's position, in
// its order (its Sudoku Explainer profile: full house, hidden single,
// direct pointing or claiming, direct hidden pair, naked single, direct
// hidden triple, pointing, claiming) and scan order; the writer stores
// only the other steps of a path. A step is {tech, places, elims, houses,
// cells, digits} with candidates as cell*32 + digit.

// unitPos is, per house and digit, the positions of the digit's
// candidates (bit i = the house's i-th cell), and per house its empty
// cells.
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
const step = (tech, o) => Object.assign({ tech, places: [], elims: [], houses: [], cells: [], digits: [] }, o);

// findHiddenSingle: full houses (houses with one empty cell), then hidden
// singles, both in scan order.
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
        return step(pass === 0 ? 'full-house' : 'hidden-single', { places: [at * 32 + d + 1], houses: [u], cells: [at], digits: [d + 1] });
      }
    }
  }
  return null;
}

// crossings walks SE's intersection scan: for each pair of house kinds
// (k1, k2) in order, each r1 of kind k1 and r2 of kind k2 that cross, and
// each digit d with 2 or more places in r1, all inside r2, it calls
// f(r1, r2, d) and returns the first result that is not null.
function crossings(g, up, pairs, f) {
  for (const [k1, k2] of pairs) {
    for (const r1 of g.byKind[k1] || []) {
      for (const r2 of g.byKind[k2] || []) {
        const ins = g.inside[r1][r2];
        if (!ins) continue;
        for (let d = 0; d < g.n; d++) {
          const p = up.pos[r1][d];
          if (bitCount(p) < 2 || (p & ~ins)) continue;
          const res = f(r1, r2, d);
          if (res) return res;
        }
      }
    }
  }
  return null;
}
// A jigsaw's regions take the boxes' part (a board has one or the
// other); the grader's locked candidates with a variant's windows or
// disjoint groups come from its stored path.
const POINTING = [['box', 'column'], ['box', 'row'], ['region', 'column'], ['region', 'row']];
const CLAIMING = [['column', 'box'], ['row', 'box'], ['column', 'region'], ['row', 'region']];
const placesIn = (g, up, u, d) => g.units[u].filter((c, i) => (up.pos[u][d] >> i) & 1);

// findDirectLocked: a pointing (box r1, line r2) or claiming (line r1,
// box r2) that leaves digit d one place in another house o of r1's kind.
function findDirectLocked(g, up) {
  return crossings(g, up, POINTING.concat(CLAIMING), (r1, r2, d) => {
    for (const o of g.byKind[g.kinds[r1]]) {
      if (o === r1 || !g.inside[o][r2]) continue;
      const po = up.pos[o][d], out = po & ~g.inside[o][r2];
      if (bitCount(po) < 2 || bitCount(out) !== 1) continue;
      const at = g.units[o][lowBit(out)];
      return step(g.kinds[r1] === 'box' || g.kinds[r1] === 'region' ? 'direct-pointing' : 'direct-claiming',
        { places: [at * 32 + d + 1], houses: [r1, r2, o], cells: placesIn(g, up, r1, d), digits: [d + 1] });
    }
    return null;
  });
}

// findDirectHidden: k digits (2..k places each) that fill k cells of a
// house with more than k empty cells (in colex order of the digits) and
// leave another digit one place in the house.
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
        const at = g.units[u][lowBit(pos[d] & ~cells)];
        return step(k === 2 ? 'direct-hidden-pair' : 'direct-hidden-triple', {
          places: [at * 32 + d + 1], houses: [u],
          cells: g.units[u].filter((c, i) => (cells >> i) & 1),
          digits: set.map(x => digs[x] + 1).sort((a, b) => a - b) });
      }
    }
  }
  return null;
}

function findNakedSingle(g, vals, cand) {
  for (let i = 0; i < g.N; i++) {
    if (g.used[i] && !vals[i] && bitCount(cand[i]) === 1) {
      const d = lowBit(cand[i]) + 1;
      return step('naked-single', { places: [i * 32 + d], cells: [i], digits: [d] });
    }
  }
  return null;
}

// findLocked: a pointing (digit d of box r1 only in line r2) or claiming
// (of line r1 only in box r2) that removes d from the rest of r2.
function findLocked(g, up, cand, pointing) {
  return crossings(g, up, pointing ? POINTING : CLAIMING, (r1, r2, d) => {
    const bit = 1 << d;
    const elims = g.units[r2].filter(c => cand[c] & bit && !g.cu[c].includes(r1)).map(c => c * 32 + d + 1);
    if (!elims.length) return null;
    return step(pointing ? 'pointing' : 'claiming', { elims, houses: [r1, r2], cells: placesIn(g, up, r1, d), digits: [d + 1] });
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

// =====================================================================
// hints: three levels, phrased from the step in the player's language
// =====================================================================
// techEntry is a technique's words (name, look, idea, about), or null
// for a technique the tables do not have.
function techEntry(id) {
  return Object.prototype.hasOwnProperty.call(STR.techniques, id) ? STR.techniques[id] : null;
}
function techName(s) {
  const e = techEntry(s.tech);
  return e && e.name ? e.name : s.fallback || s.tech;
}
const symList = ds => listOf(ds.map(d => SYM[d - 1]));
const nodeText = (g, nd) => t(nd.on ? 'play.node_on' : 'play.node_off', { cell: cellName(g, nd.cell), d: SYM[nd.d - 1] });

// hintArgs are the fields a technique's words may use.
function hintArgs(g, s) {
  const pl = s.places[0];
  const d = pl != null ? pl & 31 : s.digits[0] || (s.elims[0] & 31);
  const a = { d: SYM[d - 1], digits: symList(s.digits), k: s.cells.length || s.digits.length };
  s.houses.forEach((u, i) => { a['h' + (i + 1)] = unitName(g, u); });
  a.house = a.h1;
  const half = s.houses.length >> 1;
  a.base = listOf(s.houses.slice(0, half).map(u => unitName(g, u)));
  a.cover = listOf(s.houses.slice(half).map(u => unitName(g, u)));
  a.cells = cellsName(g, s.cells);
  a.pivot = s.cells.length ? cellName(g, s.cells[0]) : '';
  a.wings = cellsName(g, s.cells.slice(1));
  const target = pl != null ? pl >> 5 : s.cells.length ? s.cells[0] : s.elims.length ? s.elims[0] >> 5 : -1;
  a.cell = target >= 0 ? cellName(g, target) : '';
  const pr = s.proof;
  if (pr && pr.branches.length && pr.branches[0].length) {
    const first = pr.branches[0][0];
    a.node = nodeText(g, first);
    if (!s.cells.length) { a.cell = cellName(g, first.cell); a.d = SYM[first.d - 1]; }
  }
  if (pr && pr.kind === 'cell') a.head = cellName(g, pr.head);
  else if (pr && pr.kind === 'region') a.head = t('play.head_region', { d: SYM[(pr.head & 31) - 1], house: unitName(g, pr.head >> 5) });
  else a.head = a.cell;
  // a killer step's cage: its sum, size and top-left cell; the houses of
  // a rule of 45 and the total of one house
  const cg = s.cages && s.cages.length ? g.cages[s.cages[0]] : null;
  if (cg) { a.sum = cg.sum || '?'; a.size = cg.cells.length; a.corner = cellName(g, Math.min(...cg.cells)); }
  a.houses = listOf(s.houses.map(u => unitName(g, u)));
  a.total = g.n * (g.n + 1) / 2;
  return a;
}

// KILLER_IDEA is the words of a killer step whose technique has no
// words of its own: the rule of 45 (innies and outies, cage splitting),
// killer pairs and triples, and the cage's combinations for the rest.
const KILLER_IDEA = { 'innie-outie': 'play.cage_idea_rule', 'innie-outie-union': 'play.cage_idea_rule', 'innies-outies': 'play.cage_idea_rule', 'cage-splitting': 'play.cage_idea_rule', 'killer-pair': 'play.cage_idea_pair', 'killer-triple': 'play.cage_idea_pair' };
function killerIdea(g, s) {
  const cages = s.cages || [];
  if (!cages.length && !KILLER_IDEA[s.tech]) return '';
  if (KILLER_IDEA[s.tech]) return KILLER_IDEA[s.tech];
  return g.cages[cages[0]] && g.cages[cages[0]].cells.length === 1 ? 'play.cage_idea_one' : 'play.cage_idea';
}
// cageCells are the cells of a step's cages (none for the page's own
// steps).
const cageCells = (g, s) => (s.cages || []).flatMap(k => g.cages[k] ? g.cages[k].cells : []);

// WHY_RANK are the reasons a digit rules a candidate out, in the order
// a hint prefers them (the first that holds is the one it names): a
// house the two cells share by its kind (the board's rows, columns and
// boxes or jigsaw regions first, then a variant's extra houses), a
// knight's or king's move (anti-knight, anti-king), a cage (a killer's
// digits never repeat in one), a side neighbour one above or below
// (non-consecutive: 'nc') and an earlier hint that removed it ('hint').
const WHY_RANK = [...HOUSE_KINDS, 'knight', 'king', 'cage', 'nc', 'hint'];
const whyRank = w => WHY_RANK.indexOf(w);

// seesWhy is the first reason in WHY_RANK by which a digit in cell k
// rules the same digit out in cell j, or '' when none does.
function seesWhy(g, j, k) {
  let best = '';
  const better = w => { if (!best || whyRank(w) < whyRank(best)) best = w; };
  for (const u of g.cu[j]) if (g.cu[k].includes(u)) better(g.kinds[u]);
  if (g.sees[j].includes(k)) {
    const dr = Math.abs(rowOf(g, j) - rowOf(g, k)), dc = Math.abs(colOf(g, j) - colOf(g, k));
    better(dr && dc && dr + dc === 3 ? 'knight' : 'king');
  }
  if (g.cageOf[j] >= 0 && g.cageOf[j] === g.cageOf[k]) better('cage');
  return best;
}

// ruledOut says why digit d cannot go in empty cell j as the board
// stands (vals, and known: the eliminations earlier hints made): {why,
// by} with the first reason in WHY_RANK and the cell holding the digit
// that rules it out (-1 for a hint's elimination), or null when d is
// still a candidate of j.
function ruledOut(g, vals, known, j, d) {
  let why = '', by = -1;
  for (const k of g.peers[j]) {
    if (vals[k] !== d) continue;
    const w = seesWhy(g, j, k);
    if (w && (!why || whyRank(w) < whyRank(why))) { why = w; by = k; }
  }
  if (why) return { why, by };
  if (g.nc) for (const k of g.nc[j]) if (vals[k] && Math.abs(vals[k] - d) === 1) return { why: 'nc', by: k };
  if (known && known.has(j * 32 + d)) return { why: 'hint', by: -1 };
  return null;
}

// singleWhy is what makes a single: its blockers (the givens and
// entries that rule the other places out: for a hidden single, what
// rules d out of each other empty cell of the house; for a naked single,
// what rules each other digit out of the cell) and the reasons they do
// so by (WHY_RANK).
function singleWhy(g, vals, known, s) {
  const cells = new Set(), whys = new Set();
  const pl = s.places[0];
  if (pl == null) return { cells, whys };
  const at = pl >> 5, d = pl & 31;
  const add = r => { if (!r) return; whys.add(r.why); if (r.by >= 0) cells.add(r.by); };
  if (s.tech === 'hidden-single') {
    for (const j of g.units[s.houses[0]]) if (j !== at && !vals[j]) add(ruledOut(g, vals, known, j, d));
  } else if (s.tech === 'naked-single') {
    for (let e = 1; e <= g.n; e++) if (e !== d) add(ruledOut(g, vals, known, at, e));
  }
  return { cells, whys };
}

// orList joins items with "or" as the hints' reasons do ("row, column or
// box"; play.why.or_sep and or_last).
function orList(a) {
  if (a.length < 2) return a.join('');
  return a.slice(0, -1).join(t('play.why.or_sep')) + t('play.why.or_last') + a[a.length - 1];
}

// WHY_KEYS are a single's words for its reasons (play.why: hs for a
// hidden single, ns for a naked one).
const WHY_KEYS = {
  'hidden-single': { text: 'play.why.hs', sees: 'play.why.hs_sees', nc: 'play.why.hs_nc', hint: 'play.why.hs_hint', in: 'play.why.hs_in', cage: 'play.why.hs_cage' },
  'naked-single': { text: 'play.why.ns', sees: 'play.why.ns_sees', nc: 'play.why.ns_nc', hint: 'play.why.ns_hint', in: 'play.why.ns_in', cage: 'play.why.ns_cage' },
};

// wherePlaces are the places a blocking digit stands in, named for the
// reasons whys in a single's words (keys: its WHY_KEYS): the
// houses ("in its row, column, box or window": the board's rows, columns
// and boxes or regions, as the classic sentence names them, and the
// variant's extra houses that rule a place out), a knight's or king's
// move away, the cage.
function wherePlaces(g, whys, keys) {
  const out = [], kinds = HOUSE_KINDS.filter(k => whys.has(k));
  if (kinds.length) {
    const base = ['row', 'column', g.byKind.box || !g.byKind.region ? 'box' : 'region'];
    const all = base.concat(kinds.filter(k => !base.includes(k)));
    out.push(t(keys.in, { kinds: orList(all.map(k => t('play.why.kind.' + k))) }));
  }
  for (const w of ['knight', 'king']) if (whys.has(w)) out.push(t('play.why.' + w));
  if (whys.has('cage')) out.push(t(keys.cage));
  return out;
}

// singleIdea is a single's words at level 2 when the technique's own
// (idea: "in its row, column or box") would not be true: a board
// without boxes, or a digit ruled out by another house, a move, a cage,
// a neighbour or an earlier hint. It names the reasons the blockers
// rule the places out by, and nothing else; null keeps the technique's
// own words.
function singleIdea(g, s, a, why) {
  const keys = WHY_KEYS[s.tech];
  if (!keys) return null;
  const classic = [...why.whys].every(w => w === 'row' || w === 'column' || w === 'box');
  if (classic && g.byKind.box) return null;
  const d = s.places[0] & 31;
  const near = [d - 1, d + 1].filter(x => x >= 1 && x <= g.n).map(x => SYM[x - 1]);
  const parts = [], where = wherePlaces(g, why.whys, keys);
  if (where.length) parts.push(t(keys.sees, { d: a.d, where: where.join(t('play.why.or')) }));
  if (why.whys.has('nc')) parts.push(t(keys.nc, { near: near.length > 1 ? t('play.why.near_two', { a: near[0], b: near[1] }) : near[0] }));
  if (why.whys.has('hint')) parts.push(t(keys.hint, { d: a.d }));
  return cap(t(keys.text, Object.assign({}, a, { why: parts.join(t('play.why.or')) })));
}

// WINGS are the techniques whose words say a cell "sees" others: on a
// board where cells also see each other by a move or a cage, the hint
// says so (play.why.sees_note).
const WINGS = ['xy-wing', 'xyz-wing', 'aligned-pair-exclusion', 'aligned-triple-exclusion'];
function seesNote(g, s, text) {
  if (!text || !WINGS.includes(s.tech)) return text;
  const whys = new Set();
  for (let i = 0; i < g.N; i++) for (const k of g.sees[i]) whys.add(seesWhy(g, i, k));
  if (g.cages.length) whys.add('cage');
  const where = ['knight', 'king', 'cage'].filter(w => whys.has(w)).map(w => (w === 'cage' ? t('play.why.hs_cage') : t('play.why.' + w)));
  return where.length ? t('play.why.sees_note', { idea: text, where: orList(where) }) : text;
}

// FISH are the techniques whose houses are base lines then cover lines.
const FISH = ['x-wing', 'swordfish', 'jellyfish'];

// phrase says a hint at a level (1 where to look, 2 the technique and its
// pattern, 3 the move) and what to shade.
function phrase(game, hint, level) {
  const g = game.g, out = { title: '', text: '', houses: [], cells: [], blockers: [], targets: [], chain: null, ghost: [], show: [], level };
  if (hint.kind === 'none') { out.text = hint.text; return out; }
  if (hint.kind === 'mistake') {
    const i = hint.cell;
    if (level === 1) {
      const u = g.cu[i][0];
      out.title = t('play.hint_look');
      out.text = t('play.mistake_look', { house: unitName(g, u) });
      out.houses = [u];
    } else {
      out.title = t('play.hint_move');
      out.text = cap(t('play.mistake_move', { cell: cellName(g, i), d: SYM[game.vals[i] - 1] }));
      out.targets = [i];
    }
    return out;
  }
  const s = hint.step, e = techEntry(s.tech) || {}, a = hintArgs(g, s);
  const targets = s.places.map(c => c >> 5).concat(hint.still.map(c => c >> 5));
  const kIdea = e.idea ? '' : killerIdea(g, s);
  if (level === 1 && !e.look && kIdea) {
    // a killer step: the houses of a rule of 45, else the cage
    out.title = t('play.hint_look');
    if (kIdea === 'play.cage_idea_rule' && s.houses.length) {
      out.text = cap(t('play.cage_look_rule', a));
      out.houses = s.houses.slice();
    } else {
      out.text = a.sum != null ? cap(t('play.cage_look', a)) : cap(t('play.look_targets', { cells: cellsName(g, [...new Set(targets)]) }));
      out.cells = a.sum != null ? cageCells(g, s).slice(0, g.cages[s.cages[0]].cells.length) : targets.slice(0, 1);
    }
    return out;
  }
  if (level === 1) {
    out.title = t('play.hint_look');
    if (e.look) out.text = cap(fill(e.look, a));
    else out.text = s.places.length ? cap(t('play.look_target_place', { cell: a.cell })) : cap(t('play.look_targets', { cells: cellsName(g, [...new Set(targets)]) }));
    // a fish's base lines (the first half of its houses); else the first
    out.houses = FISH.includes(s.tech) ? s.houses.slice(0, s.houses.length >> 1) : s.houses.slice(0, 1);
    if (!out.houses.length) out.cells = s.cells.length ? s.cells.slice(0, 1) : targets.slice(0, 1);
    return out;
  }
  out.title = techName(s);
  out.tech = s.tech;
  out.houses = s.houses.slice();
  // the cell a digit goes in is the move: it is shown at the last level
  out.cells = s.cells.filter(c => !s.places.some(pl => pl >> 5 === c));
  // a killer step's cages are part of its pattern
  for (const c of cageCells(g, s)) if (!out.cells.includes(c) && !s.places.some(pl => pl >> 5 === c)) out.cells.push(c);
  const why = singleWhy(g, game.vals, game.known, s);
  out.blockers = [...why.cells];
  out.chain = s.proof || null;
  // a chain's candidates are written in under its dots where the player
  // has written none
  if (s.proof) for (const b of s.proof.branches) for (const nd of b) out.show.push(nd.cell * 32 + nd.d);
  if (level === 2) {
    out.text = singleIdea(g, s, a, why) || (e.idea ? seesNote(g, s, cap(fill(e.idea, a))) : kIdea && (a.sum != null || kIdea === 'play.cage_idea_rule') ? cap(t(kIdea, a)) : '');
    return out;
  }
  out.title = t('play.hint_move');
  out.text = moveText(g, hint.places, hint.still);
  out.targets = targets;
  out.ghost = hint.still;
  return out;
}

// moveText says what a step does: "Put 5 in row 4, column 7." or
// "Remove 4 from row 4, column 7 and row 5, column 7." (grouped by
// digit in order of first appearance).
function moveText(g, places, elims) {
  const parts = places.map(c => cap(t('play.place', { d: SYM[(c & 31) - 1], cell: cellName(g, c >> 5) })));
  const order = [], by = new Map();
  for (const c of elims) {
    const d = c & 31;
    if (!by.has(d)) { by.set(d, []); order.push(d); }
    by.get(d).push(c >> 5);
  }
  if (order.length) parts.push(cap(t('play.remove', { what: listOf(order.map(d => t('play.remove_one', { d: SYM[d - 1], cells: cellsName(g, by.get(d)) }))) })));
  return parts.join(' ');
}

// chainList writes a proof's branches as if-then lists.
function chainList(g, pr) {
  const box = h('div', { class: 'chains' });
  for (const b of pr.branches) {
    const ol = h('ol', { class: 'chain' });
    b.forEach((nd, i) => ol.append(h('li', { class: nd.on ? 'on' : 'off', text: cap(t(i === 0 ? 'play.chain_if' : 'play.chain_then', { node: nodeText(g, nd) })) })));
    box.append(ol);
  }
  if (pr.nested) box.append(h('p', { class: 'note', text: t('play.chain_nested') }));
  return box;
}

// =====================================================================
// Sudoku
// =====================================================================
class SudokuGame {
  constructor(p) {
    this.p = p;
    const g = this.g = geometry(p.geo || classicSpec(p.br, p.bc));
    this.given = new Uint8Array(g.N);
    this.sol = new Uint8Array(g.N);
    for (let i = 0; i < g.N; i++) {
      const ch = p.cells.charCodeAt(i);
      if (!g.used[i] || p.cells[i] === '-') continue;
      if (ch >= 97) this.sol[i] = ch - 96;
      else this.given[i] = this.sol[i] = SYM.indexOf(p.cells[i]) + 1;
    }
    this.reset();
    this.load();
    this.sel = Math.max(0, this.vals.findIndex((v, i) => !v && g.used[i]));
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
    this.lastHint = null; // the last hint's step key and level reached
  }
  load() {
    const s = store.get('p:' + this.p.key);
    if (!s || typeof s.v !== 'string' || s.v.length !== this.g.N) return;
    for (let i = 0; i < this.g.N; i++) {
      if (this.given[i] || !this.g.used[i]) continue;
      this.vals[i] = SYM.indexOf(s.v[i]) + 1;
    }
    for (const [i, m] of s.m || []) if (i >= 0 && i < this.g.N) this.marks[i] = m;
    this.time = +s.t || 0; this.mistakes = +s.x || 0; this.hints = +s.h || 0; this.reveals = +s.r || 0;
    // solved only if the board is (a page before the board locked saved
    // a solved board undone as solved)
    // out of lives only while the limit says so: one raised in Settings
    // from the list frees the board too
    this.solved = !!s.s && this.isSolved(); this.over = s.o && this.outOfLives();
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
    const capped = a => a.length > 400 ? a.slice(a.length - 400) : a;
    store.set('p:' + this.p.key, { v, m, t: Math.round(this.time), x: this.mistakes, h: this.hints, r: this.reveals, s: this.solved ? 1 : 0, o: this.over ? 1 : 0, H: capped(this.hist), F: capped(this.fut), k: [...this.known] });
    setStatus(this.p, this.solved ? 'solved' : 'started');
  }
  get done() { return this.solved || this.over; }
  outOfLives() { return settings.lives && this.mistakes >= settings.lives; }
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
  // placing is the action that puts d in cell i: the entry, and with
  // the setting on, d gone from the candidates of its peers (and on a
  // non-consecutive board d-1 and d+1 gone from its side neighbours').
  placing(i, d) {
    const list = [[i, d, 0]];
    if (settings.autoMarks) {
      const b = 1 << (d - 1), near = ((1 << d) | (1 << (d - 2))) & ((1 << this.g.n) - 1);
      const gone = new Map();
      for (const j of this.g.peers[i]) gone.set(j, b);
      if (this.g.nc) for (const j of this.g.nc[i]) gone.set(j, (gone.get(j) || 0) | near);
      for (const [j, m] of gone) if (!this.vals[j] && this.marks[j] & m) list.push([j, 0, this.marks[j] & ~m]);
    }
    return list;
  }
  // placingAll is the action that puts each digit of places (cell*32 +
  // digit) in its cell, with what placing removes from their peers.
  placingAll(places) {
    const at = new Map(places.map(c => [c >> 5, c & 31])), m = new Map();
    for (const [i, d] of at) for (const [j, , k] of this.placing(i, d)) if (!at.has(j)) m.set(j, (m.get(j) ?? k) & k);
    return [...at].map(([i, d]) => [i, d, 0]).concat([...m].map(([j, k]) => [j, 0, k]));
  }
  // enter puts digit d in cell i (the same digit again clears it); returns
  // 'wrong' for a digit the solution does not have there.
  enter(i, d) {
    if (this.given[i] || this.done) return '';
    if (this.vals[i] === d) { this.act([[i, 0, 0]]); return 'cleared'; }
    this.act(this.placing(i, d));
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
    this.act(this.placing(i, this.sol[i]));
    this.reveals++;
    return true;
  }
  // candidateMarks: the candidates of every empty cell as the board
  // stands, less what hints have removed.
  candidateMarks() {
    const cand = candidates(this.g, this.vals);
    for (const c of this.known) cand[c >> 5] &= ~(1 << ((c & 31) - 1));
    return cand;
  }
  // fillList is the action that writes every candidate in every empty
  // cell (then takes out the candidates in drop, cell*32+digit).
  fillList(drop) {
    const cand = this.candidateMarks(), list = [];
    for (const c of drop || []) cand[c >> 5] &= ~(1 << ((c & 31) - 1));
    for (let i = 0; i < this.g.N; i++) if (this.g.used[i] && !this.vals[i]) list.push([i, 0, cand[i]]);
    return list;
  }
  isSolved() {
    for (let i = 0; i < this.g.N; i++) if (this.g.used[i] && this.vals[i] !== this.sol[i]) return false;
    return true;
  }
  wrongCells() {
    const out = [];
    for (let i = 0; i < this.g.N; i++) if (this.vals[i] && !this.given[i] && this.vals[i] !== this.sol[i]) out.push(i);
    return out;
  }
  conflicts() {
    const bad = new Set(), g = this.g;
    for (const cells of g.units.filter((_, u) => !g.implied[u])) {
      const seen = new Map();
      for (const i of cells) {
        const v = this.vals[i];
        if (!v) continue;
        if (seen.has(v)) { bad.add(i); bad.add(seen.get(v)); } else seen.set(v, i);
      }
    }
    for (const k of this.badCages()) for (const i of g.cages[k].cells) if (this.vals[i]) bad.add(i);
    // anti-knight/anti-king: equal digits a move apart; non-consecutive:
    // side-by-side digits that differ by one (an empty neighbour, 0, is
    // no digit: a 1 beside it is fine)
    for (let i = 0; i < g.N; i++) {
      const v = this.vals[i];
      if (!v) continue;
      for (const j of g.sees[i]) if (this.vals[j] === v) { bad.add(i); bad.add(j); }
      if (g.nc) for (const j of g.nc[i]) if (this.vals[j] && Math.abs(this.vals[j] - v) === 1) { bad.add(i); bad.add(j); }
    }
    return bad;
  }
  // badCages: the cages holding a digit twice, or full and not adding up
  // to their sum (a cage whose sum is hidden, sum 0, has none to add up to).
  badCages() {
    const out = [];
    this.g.cages.forEach((cg, k) => {
      let seen = 0, sum = 0, full = true, rep = false;
      for (const i of cg.cells) {
        const v = this.vals[i];
        if (!v) { full = false; continue; }
        if (seen & (1 << v)) rep = true;
        seen |= 1 << v; sum += v;
      }
      if (rep || (full && cg.sum && sum !== cg.sum)) out.push(k);
    });
    return out;
  }
  // cageInfo: for cell i's cage, its sum, what its empty cells still add
  // up to, how many they are, and the digit sets (bit d-1) that fit them:
  // distinct digits the cage does not hold yet, each set holding one of
  // the cell's candidates when i is empty. A cage whose sum is hidden
  // (sum 0) has '?' for its sum and what is left: any distinct digits fit.
  cageInfo(i) {
    const g = this.g, k = g.cageOf[i];
    if (k < 0) return null;
    const cg = g.cages[k], hidden = !cg.sum;
    let used = 0, left = cg.sum, empty = 0;
    for (const c of cg.cells) { const v = this.vals[c]; if (v) { used |= 1 << (v - 1); left -= v; } else empty++; }
    const own = this.vals[i] ? 0 : candidates(g, this.vals)[i];
    const combos = [];
    const walk = (d, m, cnt, s) => {
      if (cnt === empty) { if ((hidden || s === left) && (!own || m & own)) combos.push(m); return; }
      for (let e = d; e <= g.n; e++) {
        if (used & (1 << (e - 1)) || (!hidden && s + e > left)) continue;
        walk(e + 1, m | (1 << (e - 1)), cnt + 1, s + e);
      }
    };
    if (empty) walk(1, 0, 0, 0);
    return hidden ? { sum: '?', left: '?', empty, combos } : { sum: cg.sum, left, empty, combos };
  }
  // nextHint: the hint for the player's position. A wrong entry first;
  // then the grader's first step that the page finds in the position
  // made of the givens and the player's right entries (less what earlier
  // hints removed); else the first step of the grader's stored solve
  // path that those entries do not already settle. While the player's
  // entries follow the path, that is the grader's own next step; off it,
  // it is still a true step.
  async nextHint() {
    const g = this.g, wrong = this.wrongCells();
    if (wrong.length) return { kind: 'mistake', cell: wrong[0], levels: 2, key: 'x' + wrong[0] };
    const vals = this.vals; // right entries only now
    const cand = this.candidateMarks();
    const easy = findEasy(g, vals, cand);
    if (easy) return stepHint(easy, easy.elims, easy.places);
    const steps = await hintSteps(this.p);
    for (const s of steps) {
      let open = false;
      for (const c of s.places) if (!vals[c >> 5]) open = true;
      const still = s.elims.filter(c => !vals[c >> 5] && (cand[c >> 5] >> ((c & 31) - 1)) & 1);
      if (still.length) open = true;
      if (open) return stepHint(s, still, s.places.filter(c => !vals[c >> 5]));
    }
    const text = this.p.hints === 2 ? t('play.hint_none_stuck') : this.p.hints === 0 ? t('play.hint_none_stored')
      : this.p.hints === 3 ? t('play.hint_none_budget') : t('play.hint_none');
    return { kind: 'none', text, levels: 1, key: 'none' };
  }
}
// stepHint wraps a step: still are the eliminations still open in the
// position, places its placements not yet entered (a step may place two
// digits, and the player may have entered one of them already).
function stepHint(s, still, places) {
  return { kind: 'step', step: s, still, places, levels: 3, key: s.tech + ':' + s.places.join() + ':' + s.elims.join() };
}

// SudokuView draws a SudokuGame: a grid of equal square cells, the
// lines over it in SVG (thin between cells, thick where the region
// changes), the hint's chains as arrows between candidates.
class SudokuView {
  constructor(game) {
    this.game = game;
    const g = game.g;
    const board = this.board = $('board');
    // a board wider than 9 cells gets the big board's room: 12x12 and
    // up, and a Samurai's 21 cells of 9 digits
    board.className = 'board' + (Math.max(g.w, g.h) > 9 ? ' big' : '');
    board.removeAttribute('tabindex');
    board.style.setProperty('--w', g.w);
    board.style.setProperty('--h', g.h);
    board.style.setProperty('--n', Math.max(g.w, g.h));
    board.style.setProperty('--mc', g.mc);
    board.style.setProperty('--mr', g.mr);
    board.setAttribute('role', 'grid');
    board.setAttribute('aria-label', t('play.board_label', { kind: boardKind(game.p), n: g.w, name: shortName(game.p) }));
    board.dataset.key = game.p.key;
    board.replaceChildren();
    this.cells = [];
    for (let r = 0; r < g.h; r++) {
      const row = h('div', { role: 'row' });
      for (let c = 0; c < g.w; c++) {
        const i = r * g.w + c;
        let cell;
        if (!g.used[i]) cell = h('div', { class: 'c off', 'aria-hidden': 'true' });
        else {
          let cls = 'c';
          if (game.given[i]) cls += ' g';
          if (g.shade[i]) cls += ' xh';
          if (g.cageOf[i] >= 0) cls += ' kc'; // in a cage: its candidates inside the outline
          if (g.cageOf[i] >= 0 && g.cages[g.cageOf[i]].cells[0] === i && g.cages[g.cageOf[i]].sum) cls += ' ks'; // holds a cage sum
          cell = h('div', { role: 'gridcell', class: cls, id: 'c' + i, tabindex: '-1', 'data-i': i });
        }
        row.append(cell);
        this.cells.push(cell);
      }
      board.append(row);
    }
    board.append(this.lines());
    this.cageSums = [];
    if (g.cages.length) board.append(this.cageLines());
    this.overlay = svgNode(svg('svg', { class: 'chains-svg', viewBox: `0 0 ${g.w} ${g.h}`, preserveAspectRatio: 'none', 'aria-hidden': 'true' }));
    board.append(this.overlay);
    this.ghosts = new Set();
    // keypad: beside the board the box's width (at least 3) columns;
    // under it (narrow screens) one row up to 9 keys, else rows of up
    // to 9 evenly filled
    const kp = this.keypad = $('keypad');
    kp.replaceChildren();
    kp.style.setProperty('--kcw', Math.max(3, g.mc));
    kp.style.setProperty('--kcn', g.n <= 9 ? g.n : Math.ceil(g.n / Math.ceil(g.n / 9)));
    this.keys = [];
    for (let d = 1; d <= g.n; d++) {
      const b = h('button', { type: 'button', 'data-d': d }, SYM[d - 1], h('small'));
      this.keys.push(b);
      kp.append(b);
    }
    $('mistakes').hidden = false;
    for (const id of ['pencil', 'erase', 'check', 'reveal', 'fill', 'print']) $(id).hidden = false;
    $('redo').hidden = false;
    $('cage-btn').hidden = !g.cages.length;
    $('cage-info').hidden = !g.cages.length || $('cage-btn').getAttribute('aria-pressed') !== 'true';
    this.renderAll();
    this.fit();
  }
  // lines draws the grid: a thin line between two cells of one region, a
  // thick one where the region changes or the board ends.
  lines() {
    const g = this.game.g, thin = [], thick = [];
    const reg = i => g.used[i] ? g.region[i] : -1;
    for (let r = 0; r < g.h; r++) {
      for (let c = 0; c < g.w; c++) {
        const i = r * g.w + c, a = reg(i);
        // right edge and bottom edge of cell i; left and top at the frame
        const right = c + 1 < g.w ? reg(i + 1) : -1, down = r + 1 < g.h ? reg(i + g.w) : -1;
        if (a >= 0 || right >= 0) (a === right ? thin : thick).push(`M${c + 1} ${r}v1`);
        if (a >= 0 || down >= 0) (a === down ? thin : thick).push(`M${c} ${r + 1}h1`);
        if (c === 0 && a >= 0) thick.push(`M0 ${r}v1`);
        if (r === 0 && a >= 0) thick.push(`M${c} 0h1`);
      }
    }
    return svgNode(svg('svg', { class: 'lines', viewBox: `0 0 ${g.w} ${g.h}`, preserveAspectRatio: 'none', 'aria-hidden': 'true' },
      svg('path', { class: 'thin', d: thin.join('') }) + svg('path', { class: 'thick', d: thick.join('') })));
  }
  // cageLines draws the killer's cages as published killers show them:
  // a dashed outline inset from the cell borders, the sum small in the
  // cage's top-left cell (the outline leaves room for it); a cage whose
  // sum is hidden (sum 0) has no number and a closed outline.
  cageLines() {
    const g = this.game.g, d = 0.09, paths = [], texts = [];
    const inCage = (k, r, c) => r >= 0 && c >= 0 && r < g.h && c < g.w && g.cageOf[r * g.w + c] === k;
    const r3 = x => Math.round(x * 1000) / 1000;
    // end offset of a side: shortened by d where the side turns a convex
    // corner, lengthened by d into a concave one, else flush
    const end = (k, pr, pc, qr, qc) => !inCage(k, pr, pc) ? d : inCage(k, qr, qc) ? -d : 0;
    g.cages.forEach((cg, k) => {
      const first = cg.cells[0], lw = 0.1 + 0.13 * String(cg.sum).length;
      for (const i of cg.cells) {
        const r = rowOf(g, i), c = colOf(g, i), lab = i === first && cg.sum > 0;
        if (!inCage(k, r - 1, c)) { // top
          const x0 = c + (lab ? lw : end(k, r, c - 1, r - 1, c - 1)), x1 = c + 1 - end(k, r, c + 1, r - 1, c + 1);
          paths.push(`M${r3(x0)} ${r3(r + d)}H${r3(x1)}`);
        }
        if (!inCage(k, r + 1, c)) { // bottom
          const x0 = c + end(k, r, c - 1, r + 1, c - 1), x1 = c + 1 - end(k, r, c + 1, r + 1, c + 1);
          paths.push(`M${r3(x0)} ${r3(r + 1 - d)}H${r3(x1)}`);
        }
        if (!inCage(k, r, c - 1)) { // left
          const y0 = r + (lab ? 0.34 : end(k, r - 1, c, r - 1, c - 1)), y1 = r + 1 - end(k, r + 1, c, r + 1, c - 1);
          paths.push(`M${r3(c + d)} ${r3(y0)}V${r3(y1)}`);
        }
        if (!inCage(k, r, c + 1)) { // right
          const y0 = r + end(k, r - 1, c, r - 1, c + 1), y1 = r + 1 - end(k, r + 1, c, r + 1, c + 1);
          paths.push(`M${r3(c + 1 - d)} ${r3(y0)}V${r3(y1)}`);
        }
      }
      texts.push(svg('text', { class: 'csum', 'data-k': k, x: r3(colOf(g, first) + 0.05), y: r3(rowOf(g, first) + 0.25) }, cg.sum ? String(cg.sum) : ''));
    });
    const node = svgNode(svg('svg', { class: 'cages', viewBox: `0 0 ${g.w} ${g.h}`, preserveAspectRatio: 'none', 'aria-hidden': 'true' },
      svg('path', { class: 'cage', d: paths.join('') }) + texts.join('')));
    this.cageSums = [...node.querySelectorAll('.csum')];
    return node;
  }
  // fit offers the zoom when cells come out smaller than a fingertip.
  fit() {
    const small = this.board.getBoundingClientRect().width / this.game.g.w < 26 || this.board.classList.contains('zoom');
    $('zoom').hidden = !small;
  }
  label(i) {
    const game = this.game, g = game.g, v = game.vals[i];
    let what;
    if (game.given[i]) what = t('play.cell_given', { d: SYM[v - 1] });
    else if (v) what = this.isWrong(i) ? t('play.cell_wrong', { d: SYM[v - 1] }) : SYM[v - 1];
    else {
      const m = game.marks[i], ds = [];
      for (let d = 0; d < g.n; d++) if ((m >> d) & 1) ds.push(SYM[d]);
      what = ds.length ? t('play.cell_marks', { list: ds.join(' ') }) : t('play.cell_empty');
    }
    return t('play.cell_label', { r: rowOf(g, i) + 1, c: colOf(g, i) + 1, what });
  }
  isWrong(i) {
    const game = this.game;
    return !game.given[i] && game.vals[i] && game.vals[i] !== game.sol[i] && (settings.showMistakes || game.checked.has(i));
  }
  renderCell(i) {
    const game = this.game, g = game.g, cell = this.cells[i], v = game.vals[i];
    if (!g.used[i]) return;
    let m = game.marks[i], ghost = 0;
    const hv = game.hintView;
    if (!v && hv && !m) for (const c of hv.ghost.concat(hv.show)) if (c >> 5 === i) ghost |= 1 << ((c & 31) - 1);
    if (ghost) this.ghosts.add(i); else this.ghosts.delete(i);
    if (v) {
      if (cell.firstChild && cell.firstChild.nodeType !== 3) cell.replaceChildren();
      cell.textContent = SYM[v - 1];
    } else if (m || ghost) {
      const spans = [];
      for (let d = 0; d < g.n; d++) spans.push(h('span', { 'data-d': d + 1 }, ((m | ghost) >> d) & 1 ? SYM[d] : ''));
      cell.replaceChildren(h('div', { class: ghost ? 'm ghost' : 'm', 'aria-hidden': 'true' }, ...spans));
    } else cell.textContent = '';
    cell.setAttribute('aria-label', this.label(i));
  }
  renderAll() {
    for (let i = 0; i < this.game.g.N; i++) this.renderCell(i);
    this.paint();
  }
  // paint sets the highlight classes: selection, peers, same digit,
  // conflicts, mistakes, the hint's houses, cells and targets; keypad
  // counts; the stats.
  paint() {
    const game = this.game, g = game.g, sel = game.sel, sv = game.vals[sel];
    const hv = game.hintView;
    // while a hint shows, its shading is the only shading
    const peers = new Set(settings.hlPeers && sel >= 0 && !hv ? g.near[sel] : []);
    const conf = game.conflicts();
    const hc = new Set(hv ? hv.cells : []), ht = new Set(hv ? hv.targets : []), hb = new Set(hv ? hv.blockers : []), hu = new Set();
    if (hv) for (const u of hv.houses) for (const i of g.units[u]) hu.add(i);
    const gone = new Set(hv ? hv.ghost : []);
    // ghost candidates come and go with the hint's last level
    const want = new Set();
    if (hv) for (const c of hv.ghost.concat(hv.show)) want.add(c >> 5);
    for (const i of new Set([...this.ghosts, ...want])) this.renderCell(i);
    for (let i = 0; i < g.N; i++) {
      if (!g.used[i]) continue;
      const c = this.cells[i].classList, v = game.vals[i];
      c.toggle('sel', i === sel);
      c.toggle('peer', peers.has(i));
      c.toggle('same', settings.hlSame && !hv && !!sv && v === sv && i !== sel);
      c.toggle('conflict', conf.has(i));
      c.toggle('wrong', !!this.isWrong(i));
      c.toggle('hc', hc.has(i)); c.toggle('ht', ht.has(i)); c.toggle('hu', hu.has(i)); c.toggle('hb', hb.has(i));
      this.cells[i].setAttribute('aria-selected', i === sel ? 'true' : 'false');
      this.cells[i].tabIndex = i === sel ? 0 : -1;
      if (!v && (game.marks[i] || this.ghosts.has(i))) {
        for (const sp of this.cells[i].querySelectorAll('.m span')) {
          sp.classList.toggle('on', settings.hlSame && !hv && +sp.dataset.d === sv && sp.textContent !== '');
          sp.classList.toggle('x', gone.has(i * 32 + +sp.dataset.d)); // the hint removes it
        }
      }
    }
    this.drawChain(hv && hv.chain);
    if (g.cages.length) {
      const bad = new Set(game.badCages());
      this.cageSums.forEach((e, k) => e.classList.toggle('bad', bad.has(k)));
      this.showCage();
    }
    const count = new Array(g.n + 1).fill(0);
    for (let i = 0; i < g.N; i++) if (game.vals[i] && game.vals[i] === game.sol[i]) count[game.vals[i]]++;
    const per = {};
    for (let i = 0; i < g.N; i++) if (g.used[i]) per[game.sol[i]] = (per[game.sol[i]] || 0) + 1;
    this.keys.forEach((b, k) => {
      const left = (per[k + 1] || 0) - count[k + 1];
      b.lastChild.textContent = left ? String(left) : '';
      b.classList.toggle('done', !left);
      const label = t(game.pencil ? 'play.key_mark' : 'play.key_enter', { d: SYM[k] });
      b.setAttribute('aria-label', left ? t('play.key_left', { label, n: left }) : t('play.key_done', { label }));
    });
    this.keypad.classList.toggle('marking', game.pencil);
    $('pencil').setAttribute('aria-pressed', String(game.pencil));
    // a finished board is locked (locked)
    $('undo').disabled = !game.hist.length || game.done;
    $('redo').disabled = !game.fut.length || game.done;
    const lives = settings.lives;
    $('mistakes').textContent = lives ? t('play.mistakes_of', { n: game.mistakes, max: lives }) : t('play.mistakes', { n: game.mistakes });
  }
  // showCage writes, while the cage button is down, the selected cell's
  // cage: its sum, what is left to place, and the digit sets that fit.
  showCage() {
    const box = $('cage-info'), game = this.game;
    box.hidden = $('cage-btn').getAttribute('aria-pressed') !== 'true';
    if (box.hidden) return;
    const ci = game.sel >= 0 ? game.cageInfo(game.sel) : null;
    if (!ci) { box.textContent = ''; return; }
    const set = m => { let s = ''; for (let d = 1; d <= game.g.n; d++) if (m >> (d - 1) & 1) s += SYM[d - 1]; return s; };
    const list = ci.empty ? (ci.combos.length ? ci.combos.map(set).join(' ') : t('play.cage_none')) : '–';
    box.textContent = t('play.cage_info', { sum: ci.sum, left: ci.left, n: ci.empty, list });
  }
  // drawChain draws a hint's chains: a dot on each candidate (filled
  // where it is placed, hollow where it is ruled out) and an arrow from
  // each to the next, one colour per branch.
  drawChain(pr) {
    const o = this.overlay, g = this.game.g;
    if (this.drawn === pr) return;
    this.drawn = pr;
    if (!pr) { o.replaceChildren(); return; }
    const at = nd => [colOf(g, nd.cell) + ((nd.d - 1) % g.mc + 0.5) / g.mc, rowOf(g, nd.cell) + (Math.floor((nd.d - 1) / g.mc) + 0.5) / g.mr];
    const rad = 0.42 / Math.max(g.mc, g.mr), r3 = x => Math.round(x * 1000) / 1000;
    let out = '';
    pr.branches.forEach((b, bi) => {
      let grp = '';
      for (let k = 0; k + 1 < b.length; k++) {
        const [x1, y1] = at(b[k]), [x2, y2] = at(b[k + 1]);
        const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy);
        if (len < 1e-6) continue;
        const ux = dx / len, uy = dy / len;
        const sx = x1 + ux * rad, sy = y1 + uy * rad, ex = x2 - ux * rad, ey = y2 - uy * rad;
        const head = Math.min(0.18, len / 3), wdt = head * 0.55, bx = ex - ux * head, by = ey - uy * head;
        grp += svg('path', { class: 'link' + (b[k + 1].on ? '' : ' weak'), d: `M${r3(sx)} ${r3(sy)}L${r3(bx)} ${r3(by)}` });
        grp += svg('path', { class: 'head', d: `M${r3(ex)} ${r3(ey)}L${r3(bx - uy * wdt)} ${r3(by + ux * wdt)}L${r3(bx + uy * wdt)} ${r3(by - ux * wdt)}Z` });
      }
      b.forEach((nd, k) => {
        const [x, y] = at(nd);
        grp += svg('circle', { class: 'node' + (nd.on ? ' on' : ' off') + (k === 0 ? ' start' : ''), cx: r3(x), cy: r3(y), r: r3(rad) });
      });
      out += svg('g', { class: 'branch b' + (bi % 4) }, grp);
    });
    o.innerHTML = out;
  }
  select(i, focus) {
    const g = this.game.g;
    if (i < 0 || i >= g.N || !g.used[i]) return;
    this.game.sel = i;
    this.paint();
    if (focus) this.cells[i].focus({ preventScroll: false });
    if (this.board.classList.contains('zoom')) this.cells[i].scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }
  cellOf(target) {
    const c = target && target.closest ? target.closest('.c') : null;
    return c && c.dataset.i != null ? +c.dataset.i : -1;
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
// atGoal reports whether a slide's tiles are the goal: 1, 2, ... in
// order, the blank (0) last.
const atGoal = ts => ts.every((v, i) => v === (i + 1) % ts.length);
class SlideGame {
  constructor(p) {
    this.p = p;
    this.n = p.n;
    this.start = Array.from(p.tiles, ch => parseInt(ch, 36));
    this.reset();
    this.load();
    this.hint = null;
  }
  // a board at the goal is solved, its start too (no moves to make)
  reset() { this.tiles = this.start.slice(); this.moves = ''; this.fut = ''; this.time = 0; this.hints = 0; this.solved = this.isGoal(); }
  load() {
    const s = store.get('p:' + this.p.key);
    if (!s || typeof s.m !== 'string') return;
    for (const c of s.m) if (!this.step(c)) break;
    this.moves = s.m.slice(0, this.moves.length);
    this.fut = typeof s.f === 'string' ? s.f : '';
    this.time = +s.t || 0; this.hints = +s.h || 0; this.solved = this.isGoal();
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
    const tt = r * n + col;
    this.tiles[b] = this.tiles[tt]; this.tiles[tt] = 0;
    this.moves += c;
    return true;
  }
  // moveTile slides the tile at index tt (and the ones between it and the
  // blank) toward the blank: the moves made, '' if it is not in line.
  moveTile(tt) {
    const n = this.n, b = this.blank(), br = Math.floor(b / n), bc = b % n, tr = Math.floor(tt / n), tc = tt % n;
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
  isGoal() { return atGoal(this.tiles); }
  // slideHint: the next move of the record's fewest-moves solution when
  // the position is on it (moves that cancel out do not count), else how
  // far back it left that path.
  slideHint() {
    const sol = this.p.solution;
    if (!sol) return { text: t('play.slide_none'), tile: -1 };
    const red = reduceMoves(this.moves);
    if (sol.startsWith(red)) {
      const c = sol[red.length];
      const n = this.n, b = this.blank(), tt = b + DELTA[c][0] * n + DELTA[c][1];
      const dir = t('play.dir.' + { U: 'down', D: 'up', L: 'right', R: 'left' }[c]);
      return { text: t('play.slide_next', { tile: this.tiles[tt], dir, moves: t('play.moves', { n: sol.length - red.length }) }), tile: tt };
    }
    let j = this.moves.length;
    while (j > 0 && !sol.startsWith(reduceMoves(this.moves.slice(0, j)))) j--;
    return { text: t('play.slide_off', { moves: t('play.moves', { n: this.moves.length - j }) }), tile: -1 };
  }
}

class SlideView {
  constructor(game) {
    this.game = game;
    const n = game.n, board = this.board = $('board');
    board.className = 'sboard';
    board.style.setProperty('--n', n);
    board.setAttribute('role', 'group');
    board.setAttribute('aria-label', t('play.slide_board', { n: n * n - 1 }));
    board.dataset.key = game.p.key;
    board.tabIndex = 0;
    board.replaceChildren();
    this.tiles = [];
    for (let i = 0; i < n * n; i++) {
      const tl = h('button', { type: 'button', class: 'tile', tabindex: '-1', 'data-i': i });
      this.tiles.push(tl);
      board.append(tl);
    }
    $('keypad').replaceChildren();
    for (const id of ['pencil', 'erase', 'check', 'reveal', 'fill', 'zoom', 'cage-btn', 'cage-info']) $(id).hidden = true;
    $('print').hidden = false;
    $('redo').hidden = false;
    this.renderAll();
  }
  renderAll() {
    const game = this.game, hintTile = game.hint ? game.hint.tile : -1;
    game.tiles.forEach((v, i) => {
      const tl = this.tiles[i];
      tl.textContent = v ? String(v) : '';
      tl.className = 'tile' + (v ? '' : ' blank') + (v && v === i + 1 ? ' ok' : '') + (i === hintTile ? ' hint' : '');
      tl.setAttribute('aria-label', v ? t('play.tile', { n: v }) : t('play.gap'));
      tl.disabled = !v;
    });
    this.paint();
  }
  paint() {
    const game = this.game, target = slideTarget(game.p);
    $('mistakes').textContent = t('play.moves_count', { n: game.moves.length }) + (target ? ' · ' + target : '') + (game.solved ? ' · ' + t('play.st_solved') : '');
    $('undo').disabled = !game.moves.length || game.done;
    $('redo').disabled = !game.fut.length || game.done;
  }
}

// =====================================================================
// the play screen: one game at a time
// =====================================================================
let game = null, view = null, running = false, lastTick = 0, paused = false, statusTimer = 0;
// say shows a message in the status line; it goes after 6 s, and at the
// player's next action on the board.
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
  running = !!game && !game.done && !paused && !document.hidden && !$('play').hidden;
  // the clock's text only when it changes: a new text node every tick
  // makes the browser draw a frame four times a second
  const shown = game ? clock(game.time) : null;
  if (shown !== null && $('timer').textContent !== shown) $('timer').textContent = shown;
}
setInterval(tick, 250);
document.addEventListener('visibilitychange', () => { tick(); if (document.hidden && game) game.save(); });
addEventListener('pagehide', () => { if (game) { tick(); game.save(); } });

function setPaused(on) {
  tick();
  paused = on;
  $('paused').hidden = !on;
  $('pause').setAttribute('aria-pressed', String(on));
  $('pause').textContent = t(on ? 'play.resume' : 'play.pause');
  if (on && game) game.save();
  else if (game) focusBoard();
  tick();
}
function focusBoard() { (game instanceof SudokuGame ? view.cells[game.sel] : view.board).focus({ preventScroll: true }); }

function showSection(id) {
  for (const s of ['list', 'play', 'glossary']) $(s).hidden = s !== id;
}

function openPuzzle(p) {
  if (game) { tick(); game.save(); }
  clearHint();
  paused = false;
  $('paused').hidden = true;
  $('pause').setAttribute('aria-pressed', 'false');
  $('pause').textContent = t('play.pause');
  showSection('play');
  $('play-h').textContent = puzzleName(p);
  const sub = [kindName(p)];
  if (p.kind === 'sudoku' && p.rating) sub.push(t('play.rating', { r: num1(p.rating) }));
  $('play-sub').textContent = sub.join(' · ');
  const rules = puzzleRules(p);
  $('play-rules').replaceChildren(...rules.map(r => h('p', { text: r })));
  $('play-rules').hidden = !rules.length;
  const det = [t('play.det_id', { id: p.id }), t('play.det_position', { i: p.i + 1, count: puzzles.length })];
  if (p.kind === 'sudoku') {
    let givens = 0;
    for (let i = 0; i < p.cells.length; i++) { const ch = p.cells.charCodeAt(i); if (ch < 97 && p.cells[i] !== '-') givens++; }
    det.push(t('play.det_givens', { n: givens }));
    if (p.rating) det.push(t('play.det_rating', { r: num1(p.rating) }));
  }
  $('about-body').replaceChildren(...det.map(x => h('li', { text: x })));
  $('about').open = false;
  document.title = `${puzzleName(p)} · ${pageTitle()}`;
  say('');
  $('board').classList.remove('zoom');
  $('boardwrap').classList.remove('zoomed');
  $('zoom').setAttribute('aria-pressed', 'false');
  if (p.kind === 'sudoku') { game = new SudokuGame(p); view = new SudokuView(game); }
  else { game = new SlideGame(p); view = new SlideView(game); }
  lastTick = performance.now();
  tick();
  focusBoard();
  if (p.kind === 'slide' && game.solved && !game.moves) {
    // a board that starts at the goal: solved in no moves, and today's
    // puzzle done (Restart would give the same board)
    say(t('play.solved_slide', { moves: t('play.moves', { n: 0 }), time: clock(0) }));
    dailySolved(p);
  } else if (game.done) say(game.solved ? t('play.solved_open') : t('play.lives_open'));
  performance.mark('sg-board');
  document.body.dataset.ready = 'board';
}

// ---- hints
function clearHint() {
  const hb = $('hintbox');
  hb.hidden = true;
  hb.replaceChildren();
  if (game && game.hint) {
    game.hint = null;
    game.hintView = null;
    if (view instanceof SlideView) view.renderAll(); else if (view) view.paint();
  }
}
async function onHint() {
  if (!game || game.done) { say(t('play.game_over')); return; }
  if (game instanceof SlideGame) {
    game.hints++;
    game.hint = game.slideHint();
    showSlideHint(game.hint);
    view.renderAll();
    tick(); game.save();
    return;
  }
  const cur = game.hint;
  if (cur && cur.level < cur.h.levels) { showHint(cur.h, cur.level + 1); return; }
  let hn;
  try { hn = await game.nextHint(); } catch (err) { say(t('play.hint_error', { err: err.message })); return; }
  let level = 1;
  const last = game.lastHint;
  if (last && last.key === hn.key) level = Math.min(hn.levels, last.level);
  else game.hints++;
  showHint(hn, level);
  tick(); game.save();
}
function showSlideHint(hn) {
  const hb = $('hintbox');
  hb.replaceChildren(h('p', { id: 'hint-text', text: hn.text }), hintButtons([]));
  hb.hidden = false;
}
function hintButtons(extra) {
  return h('div', { class: 'hint-buttons' }, ...extra, h('button', { type: 'button', id: 'hint-close', onclick: clearHint, text: t('play.close') }));
}
// showHint shows hint hn at a level, shades the board and offers the
// next level or the move.
function showHint(hn, level) {
  const g = game.g;
  game.hint = { h: hn, level };
  game.lastHint = { key: hn.key, level };
  const v = game.hintView = phrase(game, hn, level);
  // what a hint's move removes is known from now on: the next hint goes on
  if (level === 3 && hn.kind === 'step') for (const c of hn.still) game.known.add(c);
  const hb = $('hintbox');
  const head = h('p', { class: 'hint-head' });
  if (hn.levels > 1) head.append(h('span', { class: 'lvl', text: t('play.hint_level', { level, max: hn.levels }) }));
  if (v.title) head.append(h('strong', { id: 'hint-title', text: v.title }));
  if (level === 2 && hn.kind === 'step' && techEntry(hn.step.tech)) {
    head.append(h('button', { type: 'button', class: 'link', id: 'hint-about', onclick: () => aboutDialog(hn.step.tech), text: t('play.see_glossary') }));
  }
  const kids = [head, h('p', { id: 'hint-text', text: v.text })];
  if (level === 2 && v.chain) kids.push(chainList(g, v.chain));
  const btns = [];
  if (level < hn.levels) btns.push(h('button', { type: 'button', id: 'hint-more', class: 'primary', onclick: () => showHint(hn, level + 1), text: t('play.hint_more') }));
  else if (hn.kind === 'mistake') btns.push(h('button', { type: 'button', id: 'hint-apply', class: 'primary', onclick: () => applyHint(hn), text: t('play.hint_clear') }));
  else if (hn.kind === 'step') {
    const s = hn.step;
    if (hn.places.length) btns.push(h('button', { type: 'button', id: 'hint-apply', class: 'primary', onclick: () => applyHint(hn), text: t('play.hint_enter', { d: listOf(hn.places.map(c => SYM[(c & 31) - 1])) }) }));
    else if (hn.still.length) {
      const fillFirst = hn.still.some(c => !game.marks[c >> 5]);
      btns.push(h('button', { type: 'button', id: 'hint-apply', class: 'primary', onclick: () => applyHint(hn), text: t(fillFirst ? 'play.hint_remove_fill' : 'play.hint_remove') }));
    }
  }
  kids.push(hintButtons(btns));
  hb.replaceChildren(...kids);
  hb.dataset.level = level;
  hb.dataset.kind = hn.kind;
  hb.dataset.tech = hn.kind === 'step' ? hn.step.tech : hn.kind;
  const pl = hn.kind === 'step' && hn.places[0];
  if (pl) { hb.dataset.cell = pl >> 5; hb.dataset.digit = pl & 31; } else if (hn.kind === 'mistake') { hb.dataset.cell = hn.cell; delete hb.dataset.digit; } else { delete hb.dataset.cell; delete hb.dataset.digit; }
  hb.dataset.elims = hn.kind === 'step' ? hn.step.elims.join(',') : '';
  hb.hidden = false;
  if (level === 3 && pl) view.select(pl >> 5, false);
  view.paint();
  hb.scrollIntoView({ block: 'nearest' });
}
// applyHint makes the hint's move: enters its digits (those the player
// has not entered), or removes the candidates (writing in every candidate first when a cell it touches
// has none written), or clears a wrong entry. One undoable action.
function applyHint(hn) {
  if (hn.kind === 'mistake') {
    game.sel = hn.cell;
    const ch = game.erase(hn.cell) ? game.hist[game.hist.length - 1] : null;
    afterSudoku(changedCells(ch));
    return;
  }
  if (hn.places.length) {
    // every placement not yet entered, never one the player has: the
    // same digit entered again would clear it
    const at = hn.places[0] >> 5, list = game.placingAll(hn.places);
    game.sel = at;
    game.act(list);
    afterSudoku(list.map(x => x[0]));
    view.select(at, true);
    return;
  }
  let list;
  if (hn.still.some(c => !game.marks[c >> 5])) list = game.fillList(hn.still);
  else {
    const m = new Map();
    for (const c of hn.still) {
      const i = c >> 5, cur = m.has(i) ? m.get(i) : game.marks[i];
      m.set(i, cur & ~(1 << ((c & 31) - 1)));
    }
    list = [...m].map(([i, mk]) => [i, 0, mk]);
  }
  game.act(list);
  afterSudoku(list.map(x => x[0]));
  say(t('play.hint_removed'));
}

// after every sudoku action: redraw, save, and see whether it ended.
function afterSudoku(changed, res) {
  const g = game;
  say('');
  if (changed) for (const i of changed) view.renderCell(i);
  if (g.hint) clearHint();
  view.paint();
  if (res === 'wrong') {
    say(settings.showMistakes ? t('play.wrong_here', { d: SYM[g.vals[g.sel] - 1], n: g.mistakes }) : '');
    if (g.outOfLives()) {
      g.over = true;
      tick(); g.save();
      dialog(t('play.out_of_lives'), [t('play.lives_body', { mistakes: t('play.n_mistakes', { n: g.mistakes }), max: settings.lives })], [
        { label: t('play.keep_playing'), value: 'go' }, { label: t('play.restart'), value: 'restart' }, { label: t('play.puzzle_list'), value: 'list', primary: true }])
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
    dailySolved(g.p);
    view.paint();
    const time = clock(g.time);
    solvedDialog(t('play.solved_in', { time }), [t('play.solved_stats', { mistakes: t('play.n_mistakes', { n: g.mistakes }), hints: t('play.n_hints', { n: g.hints }), cells: t('play.n_cells', { n: g.reveals }) })]);
    return;
  }
  tick(); g.save();
}
function solvedDialog(line, body) {
  say(line);
  dialog(t('play.solved_title'), [line].concat(body), [
    { label: t('play.next_puzzle'), value: 'next', primary: true }, { label: t('play.puzzle_list'), value: 'list' }, { label: t('play.close'), value: 'close' }])
    .then(v => {
      if (v === 'next') { const p = nextPuzzle(game.p); location.hash = p ? hashOf(p) : ''; }
      else if (v === 'list') location.hash = '';
    });
}
function changedCells(ch) { return ch ? ch.map(x => x[0]) : []; }

async function restart(skipAsk) {
  if (!game) return;
  if (!skipAsk) {
    const v = await dialog(t('play.restart_q'), [t('play.restart_body')], [
      { label: t('play.cancel'), value: 'no' }, { label: t('play.restart'), value: 'yes', primary: true }]);
    if (v !== 'yes') return;
  }
  game.reset();
  game.checked && game.checked.clear();
  store.del('p:' + game.p.key);
  setStatus(game.p, null);
  clearHint();
  view.renderAll();
  say(t('play.restarted'));
  lastTick = performance.now();
  tick();
  focusBoard();
}

// ---- sudoku input
function sudokuDigit(d, markOnly) {
  const g = game;
  if (locked()) return;
  const i = g.sel;
  if (g.given[i]) { say(t('play.is_given')); return; }
  if (markOnly || g.pencil) {
    if (g.vals[i]) { say(t('play.clear_first')); return; }
    g.mark(i, d);
    afterSudoku([i]);
    return;
  }
  const before = g.hist.length;
  const res = g.enter(i, d);
  afterSudoku(g.hist.length > before ? changedCells(g.hist[g.hist.length - 1]) : [], res);
}
// moveSel is the next used cell from i in direction (dr, dc), or -1.
function moveSel(i, dr, dc) {
  const g = game.g;
  let r = rowOf(g, i), c = colOf(g, i);
  for (;;) {
    r += dr; c += dc;
    if (r < 0 || r >= g.h || c < 0 || c >= g.w) return -1;
    if (g.used[r * g.w + c]) return r * g.w + c;
  }
}
function sudokuKey(e) {
  const g = game, n = g.g.n, i = g.sel, onBoard = !!(e.target && e.target.closest && e.target.closest('#board'));
  const mod = e.ctrlKey || e.metaKey;
  const k = e.key;
  if (mod && !e.altKey && (k === 'z' || k === 'Z')) { e.preventDefault(); doUndo(e.shiftKey); return; }
  if (mod && !e.altKey && (k === 'y' || k === 'Y')) { e.preventDefault(); doUndo(true); return; }
  if (mod || e.altKey) return;
  const mv = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[k];
  if (mv !== undefined) {
    e.preventDefault();
    const j = moveSel(i, mv[0], mv[1]);
    if (j >= 0) view.select(j, onBoard || document.activeElement === document.body);
    return;
  }
  if (k === 'Home' || k === 'End') {
    e.preventDefault();
    let j = i, next;
    while ((next = moveSel(j, 0, k === 'Home' ? -1 : 1)) >= 0) j = next;
    view.select(j, true);
    return;
  }
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
  say(t(game.pencil ? 'play.pencil_on' : 'play.pencil_off'));
}
// locked says why a finished board takes no move, undo or redo (solved,
// or out of lives), and whether it is finished. A solved board stays so
// until Restart (Undo took a solved slide off the goal and left it
// "solved", its clock stopped; a solved Sudoku lost its last digit and
// took no other).
function locked() {
  if (game.done) say(t(game.solved ? 'play.solved_already' : 'play.out_of_lives_msg'));
  return game.done;
}
// doUndo undoes (redoes) the last move.
function doUndo(redo) {
  if (locked()) return;
  if (game instanceof SlideGame) {
    // as a move: a redo that reaches the goal solves the board (a page
    // before the board locked could save a solved board undone, its
    // last move to redo)
    if (redo ? game.redo() : game.undo()) slideMoved(true); else say(t(redo ? 'play.nothing_redo' : 'play.nothing_undo'));
    return;
  }
  const i = redo ? game.redo() : game.undo();
  if (i === null) { say(t(redo ? 'play.nothing_redo' : 'play.nothing_undo')); return; }
  const ch = redo ? game.hist[game.hist.length - 1] : game.fut[game.fut.length - 1];
  game.checked.clear();
  game.sel = i;
  afterSudoku(changedCells(ch));
  view.select(i, false);
}

// ---- slide input
function slideMoved(made) {
  if (!made) return;
  clearHint();
  view.renderAll();
  const g = game;
  if (g.isGoal()) {
    g.solved = true;
    tick(); g.save();
    dailySolved(g.p);
    view.paint();
    const n = g.moves.length, p = g.p;
    let body = '';
    if (p.optimal >= 0) body = n === p.optimal ? t('play.fewest_is', { n: p.optimal }) : t('play.fewest_was', { n: p.optimal });
    else if (p.length >= 0) body = p.lower >= 0 ? t('play.best_known_lower_was', { n: p.length, lower: p.lower }) : t('play.best_known_was', { n: p.length });
    solvedDialog(t('play.solved_slide', { moves: t('play.moves', { n }), time: clock(g.time) }), body ? [body] : []);
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
    if (locked()) return;
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
  const tl = e.target.closest('.tile');
  if (!tl) return;
  if (locked()) return;
  slideMoved(game.moveTile(+tl.dataset.i));
});
// keypad: click enters (or marks in notes mode, or with Shift); a long
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
$('fill').addEventListener('click', () => {
  if (game.done) { say(t('play.game_over')); return; }
  const list = game.fillList();
  if (!list.length) { say(t('play.nothing_to_fill')); return; }
  game.act(list);
  afterSudoku(list.map(x => x[0]));
  say(t('play.filled', { n: list.length }));
});
$('undo').addEventListener('click', () => doUndo(false));
$('redo').addEventListener('click', () => doUndo(true));
$('restart').addEventListener('click', () => restart(false));
$('print').addEventListener('click', () => { clearHint(); print(); });
$('cage-btn').addEventListener('click', () => {
  const b = $('cage-btn');
  b.setAttribute('aria-pressed', String(b.getAttribute('aria-pressed') !== 'true'));
  if (view instanceof SudokuView) view.showCage();
});
$('back').addEventListener('click', () => { location.hash = ''; });
$('pause').addEventListener('click', () => setPaused(!paused));
$('resume').addEventListener('click', () => setPaused(false));
$('zoom').addEventListener('click', () => {
  const on = !$('board').classList.contains('zoom');
  $('board').classList.toggle('zoom', on);
  $('boardwrap').classList.toggle('zoomed', on);
  $('zoom').setAttribute('aria-pressed', String(on));
  if (game instanceof SudokuGame) view.select(game.sel, true);
});
addEventListener('resize', () => { if (view instanceof SudokuView) view.fit(); });
$('check').addEventListener('click', () => {
  const g = game, wrong = g.wrongCells();
  let filled = 0;
  for (let i = 0; i < g.g.N; i++) if (!g.given[i] && g.vals[i]) filled++;
  for (const i of wrong) g.checked.add(i);
  view.paint();
  say(wrong.length ? t('play.some_wrong', { n: wrong.length }) : filled ? t('play.all_right', { n: filled }) : t('play.no_entries'));
});
$('reveal').addEventListener('click', () => {
  const g = game, i = g.sel;
  if (g.given[i]) { say(t('play.is_given')); return; }
  if (!g.reveal(i)) { say(g.done ? t('play.game_over') : t('play.already_right')); return; }
  afterSudoku(changedCells(g.hist[g.hist.length - 1]));
  if (!g.solved) say(t('play.revealed', { r: rowOf(g.g, i) + 1, c: colOf(g.g, i) + 1, d: SYM[g.sol[i] - 1] }));
});
$('hint').addEventListener('click', onHint);

// ---- settings, help, glossary
function settingsBody() {
  const box = (key, label) => {
    const i = h('input', { type: 'checkbox', id: 'set-' + key });
    i.checked = !!settings[key];
    i.addEventListener('change', () => {
      settings[key] = i.checked; saveSettings();
      if (view) view.paint && view.paint();
      if (key === 'daily' && !$('list').hidden) renderDaily();
    });
    return h('label', { class: 'opt', for: 'set-' + key }, i, label);
  };
  const sel = (key, label, opts, after) => {
    const s = h('select', { id: 'set-' + key });
    for (const [v, tx] of opts) { const o = h('option', { value: v, text: tx }); if (String(settings[key]) === String(v)) o.selected = true; s.append(o); }
    s.addEventListener('change', () => { settings[key] = typeof DEFAULTS[key] === 'number' ? +s.value : s.value; saveSettings(); applyTheme(); if (view) view.paint(); if (after) after(); });
    return h('label', { class: 'opt', for: 'set-' + key }, label, s);
  };
  const out = [
    box('autoMarks', t('play.set_auto_marks')),
    box('showMistakes', t('play.set_mistakes')),
    // a limit raised above the mistakes made (or none) lets a game out
    // of lives go on, as its message says (it stayed locked)
    sel('lives', t('play.set_lives'), [[0, t('play.none')], [3, '3'], [5, '5'], [10, '10']], () => {
      if (game?.over && !game.outOfLives()) { game.over = false; game.save(); view.paint(); tick(); }
    }),
    box('hlPeers', t('play.set_peers')),
    box('hlSame', t('play.set_same')),
    sel('theme', t('play.set_theme'), [['auto', t('play.theme_auto')], ['light', t('play.theme_light')], ['dark', t('play.theme_dark')]]),
  ];
  if (dailyPool().length) out.push(box('daily', t('play.set_daily')));
  const langs = Object.keys(ALL).sort();
  if (langs.length > 1) {
    const names = meta.langNames || {};
    out.push(sel('lang', t('play.set_lang'), langs.map(l => [l, names[l] || l]), () => location.reload()));
  }
  return out;
}
$('settings-btn').addEventListener('click', () => {
  dialog(t('play.settings'), settingsBody(), [{ label: t('play.done'), value: 'ok', primary: true }]);
  const s = $('set-lang');
  if (s && !settings.lang) s.value = lang;
});
function helpBody() {
  const syms = '1–' + SYM[Math.min(meta.maxN || 9, 9) - 1] + (meta.maxN > 9 ? ', A–' + SYM[meta.maxN - 1] : '');
  const rows = [['← ↑ → ↓', 'help_arrows'], [syms, 'help_digit'], ['Shift + ' + syms, 'help_shift'], [t('play.key_space'), 'help_space'],
    ['Delete, Backspace, 0', 'help_erase'], ['Ctrl+Z, Ctrl+Y', 'help_undo'], ['Esc', 'help_escape']];
  const out = [];
  if (puzzles.some(p => p.kind === 'sudoku')) out.push(t('play.help_rules'));
  // the open puzzle's own rules, if it has any beyond those
  const rules = game && !$('play').hidden ? puzzleRules(game.p) : [];
  // Windoku's implied windows (geometry's implied): hints name them
  // (windows 5 to 9) and shade their cells, so Help says where they come
  // from
  if (rules.length && game.g.implied.some(Boolean)) rules.push(t('play.implied_windows'));
  if (rules.length) out.push(h('div', { id: 'help-puzzle', class: 'rules' }, h('p', { text: t('play.help_puzzle') }), h('ul', null, ...rules.map(r => h('li', { text: r })))));
  out.push(h('table', { class: 'keys' }, ...rows.map(([k, m]) => h('tr', null, h('td', null, h('kbd', { text: k })), h('td', { text: t('play.' + m) })))));
  out.push(t('play.help_candidates'), t('play.help_hints'), h('p', null, h('a', { href: '#glossary', onclick: () => dlg.close(), text: t('play.glossary') })), t('play.help_progress'));
  return out;
}
$('help-btn').addEventListener('click', () => dialog(t('play.help_title'), helpBody(), [{ label: t('play.close'), value: 'ok', primary: true }]));
$('glossary-btn').addEventListener('click', () => { location.hash = '#glossary'; });

// glossaryGroups: the techniques of the string table, one entry per
// paragraph (techniques that share one are named together), in the
// grader's order (meta.techOrder), the others after by id.
function glossaryGroups() {
  const rank = new Map(meta.techOrder.map((id, i) => [id, i]));
  const ids = Object.keys(STR.techniques).sort((a, b) => (rank.get(a) ?? 1e9) - (rank.get(b) ?? 1e9) || (a < b ? -1 : a > b ? 1 : 0));
  const groups = new Map();
  for (const id of ids) {
    const e = STR.techniques[id];
    if (!groups.has(e.about)) groups.set(e.about, { id, names: [], about: e.about });
    const g = groups.get(e.about);
    if (!g.names.includes(e.name)) g.names.push(e.name);
  }
  return [...groups.values()];
}
function renderGlossary() {
  const body = [h('h2', { id: 'glossary-h', tabindex: '-1', text: t('play.glossary') }), h('p', { text: t('play.glossary_intro') }), h('h3', { text: t('play.terms') })];
  const dl = h('dl', { class: 'terms' });
  const terms = [['candidate', 'candidate_text'], ['house', 'house_text'], ['sees', 'sees_text'], ['given', 'given_text'], ['chain', 'chain_text']];
  for (const [k, x] of terms) dl.append(h('dt', { text: t('play.term.' + k) }), h('dd', { text: t('play.term.' + x) }));
  body.push(dl, h('h3', { text: t('play.techniques') }));
  const tl = h('dl', { class: 'terms' });
  for (const gr of glossaryGroups()) tl.append(h('dt', { id: 'g-' + gr.id, text: gr.names.join(STR.locale.list_sep) }), h('dd', { text: gr.about }));
  body.push(tl, h('p', null, h('a', { href: '#', text: t('play.back') })));
  $('glossary').replaceChildren(...body);
}
function aboutDialog(id) {
  const e = techEntry(id);
  const gr = glossaryGroups().find(x => x.about === e.about);
  dialog(gr.names.join(STR.locale.list_sep), [e.about], [{ label: t('play.close'), value: 'ok', primary: true }]);
}

// =====================================================================
// the daily puzzle and streaks
// =====================================================================
// The puzzle of a day is a pure function of the date (the player's own
// calendar day) and the page's puzzles: day number D (days since
// 1970-01-01) picks pool[(D * s) mod L] from the L sudoku puzzles in
// corpus order (the sliding puzzles when there are none), s being the
// first number from round(0.618 L) up with no factor in common with L, so
// consecutive days jump across the corpus and every puzzle comes once in
// L days.
function dailyPool() {
  const s = puzzles.filter(p => p.kind === 'sudoku');
  return s.length ? s : puzzles;
}
const dayOf = d => Math.floor(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 864e5);
const dateKey = day => new Date(day * 864e5).toISOString().slice(0, 10);
function dailyFor(day) {
  const pool = dailyPool(), L = pool.length;
  if (!L) return null;
  const gcd = (a, b) => b ? gcd(b, a % b) : a;
  let s = Math.max(1, Math.round(0.618 * L));
  while (gcd(s, L) !== 1) s++;
  return pool[Number((BigInt(day) * BigInt(s)) % BigInt(L))];
}
const today = () => dayOf(new Date());
function dailyStats() {
  const st = store.get('daily') || {};
  const done = new Set(Array.isArray(st.done) ? st.done : []);
  const d0 = today();
  let run = 0;
  for (let d = done.has(dateKey(d0)) ? d0 : d0 - 1; done.has(dateKey(d)); d--) run++;
  return { done, streak: run, best: Math.max(+st.best || 0, run) };
}
// dailySolved counts a solved puzzle toward the streak when it is today's.
function dailySolved(p) {
  const d0 = today();
  if (dailyFor(d0) !== p) return;
  const st = dailyStats();
  st.done.add(dateKey(d0));
  const done = [...st.done].sort().slice(-400);
  store.set('daily', { done, best: st.best });
  store.set('daily', { done, best: dailyStats().best });
}
function renderDaily() {
  const box = $('daily');
  const p = settings.daily ? dailyFor(today()) : null;
  box.hidden = !p;
  if (!p) return;
  const st = dailyStats();
  const date = new Intl.DateTimeFormat(lang, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date());
  const solvedToday = st.done.has(dateKey(today()));
  // the line's items (the date, the name, the kind, the rating) each a
  // box of its own (play.css), a dot ending the one before it: the line
  // wraps between them, not inside one ("Taquin" and "24" fell on two
  // lines on a phone), nor before a dot; the date's box from the space
  // before it, with what is written against it ("今日谜题（" ended a line)
  const head = t('play.daily_for', { date }), k = head.lastIndexOf(' ', head.indexOf(date)) + 1;
  const rating = p.rating ? t('play.rating', { r: num1(p.rating) }) : null;
  const line = h('p', null, head.slice(0, k), h('span', { text: head.slice(k) }), ' ', h('span', null, h('a', { href: hashOf(p), id: 'daily-link', text: shortName(p) }), ' ·'), ' ',
    h('span', { text: kindName(p) + (rating ? ' ·' : '') }), rating && ' ', rating && h('span', { text: rating }));
  const streak = st.streak ? t('play.streak', { n: st.streak }) + ' (' + t('play.best', { n: st.best }) + ')' : t('play.no_streak');
  box.replaceChildren(h('h2', { text: t('play.daily') }), line,
    h('p', { class: 'streak', id: 'streak' }, (solvedToday ? t('play.daily_solved') + ' ' : '') + streak));
  box.dataset.id = p.id;
}

// =====================================================================
// the list
// =====================================================================
let listPage = 0, listView = [];
function filtered() {
  const tier = $('f-tier').value, kind = $('f-kind').value, st = $('f-status').value, q = $('f-id').value.trim().toLocaleLowerCase(), sort = $('f-sort').value;
  let out = puzzles.filter(p => (!tier || (tier === '-' ? !p.tier : p.tier === tier)) && (!kind || kindName(p) === kind)
    && (!st || (st === 'unsolved' ? statusOf(p) !== 'solved' : statusOf(p) === st))
    && (!q || p.id.toLowerCase().includes(q) || puzzleName(p).replace(/\u2011/g, '-').toLocaleLowerCase().includes(q)));
  if (sort === 'rating') out = out.slice().sort((a, b) => (a.rating || a.optimal || 0) - (b.rating || b.optimal || 0) || a.i - b.i);
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
    const st = statusOf(p), stx = t('play.' + STATUS_KEY[st]);
    rows.push(h('tr', { 'data-id': p.id },
      // on a phone the kind and the status go under the name (sub,
      // stsub), their columns hidden: the name's words then fit whole;
      // a name that says its kind (p.shared) has it once
      h('td', null, h('a', { href: hashOf(p), text: puzzleName(p) }), p.shared ? null : h('span', { class: 'sub', text: kindName(p) }),
        h('span', { class: 'stsub ' + st, text: stx })),
      h('td', { class: 'kcol', text: kindName(p) }),
      h('td', { class: 'num', text: ratingText(p) }),
      h('td', { class: 'scol' }, h('span', { class: 'badge ' + st, text: stx }))));
  }
  $('rows').replaceChildren(...rows);
  const from = listView.length ? listPage * PAGE + 1 : 0, to = Math.min(listView.length, (listPage + 1) * PAGE);
  const solved = puzzles.filter(p => statusOf(p) === 'solved').length;
  $('list-count').textContent = listView.length ? t('play.showing', { from, to, count: listView.length, solved, total: puzzles.length }) : t('play.no_match');
  $('page-no').textContent = t('play.page_of', { page: listPage + 1, pages });
  $('prev-page').disabled = listPage === 0;
  $('next-page').disabled = listPage >= pages - 1;
  $('list').classList.toggle('onekind', new Set(puzzles.map(kindName)).size === 1);
}
function leaveGame() {
  if (game) { tick(); game.save(); }
  game = null; view = null;
  clearHint();
}
function showList() {
  leaveGame();
  showSection('list');
  document.title = pageTitle();
  renderDaily();
  renderList(true);
  performance.mark('sg-list');
  document.body.dataset.ready = 'list';
}
function showGlossary() {
  leaveGame();
  showSection('glossary');
  renderGlossary();
  document.title = t('play.glossary') + ' · ' + pageTitle();
  document.body.dataset.ready = 'glossary';
}
function route() {
  if (dlg.open) dlg.close();
  const m = /^#play=(.+)$/.exec(location.hash);
  if (m) {
    // '@N' (a bare '@', as hashOf writes it) is the N-th puzzle; an id is
    // percent-encoded, so an id that starts with '@' arrives as '%40...'.
    const at = /^@(\d+)$/.exec(m[1]);
    let key = null;
    try { key = decodeURIComponent(m[1]); } catch (e) { /* a malformed link opens the list */ }
    const p = at ? puzzles[+at[1]] : m[1][0] === '@' || key === null ? undefined : byId.get(key);
    if (p) { openPuzzle(p); return; }
  }
  if (location.hash === '#glossary') { showGlossary(); return; }
  showList();
}
function setupList() {
  const add = (sel, v, tx) => sel.append(h('option', { value: v, text: tx }));
  const tiers = new Set(puzzles.map(p => p.tier));
  for (const tr of meta.tiers) if (tiers.has(tr)) add($('f-tier'), tr, tierTitle(tr));
  if (tiers.has('')) add($('f-tier'), '-', tierTitle(''));
  for (const k of [...new Set(puzzles.map(kindName))]) add($('f-kind'), k, k);
  for (const id of ['f-tier', 'f-kind', 'f-status', 'f-sort']) $(id).addEventListener('change', () => renderList(false));
  $('f-id').addEventListener('input', () => renderList(false));
  $('filters').addEventListener('submit', e => e.preventDefault());
  $('prev-page').addEventListener('click', () => { listPage--; renderList(true); });
  $('next-page').addEventListener('click', () => { listPage++; renderList(true); });
}

async function start() {
  try {
    // the words and the puzzles unpack at once
    const [, data] = await Promise.all([loadLang(), inflate($('sg-data').textContent.trim())]);
    translatePage();
    $('title').textContent = pageTitle();
    document.title = pageTitle();
    const rows = JSON.parse(data);
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
    l.textContent = t('play.cannot_open', { err: err.message });
  }
}
start();
})();
