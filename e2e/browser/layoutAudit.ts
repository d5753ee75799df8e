/**
 * The in-page half of the TV layout audit (tableLayout.spec.ts): a fake
 * `window.api` that shows whatever AppView the spec pushes (the renderer
 * takes `window.api` as it takes Electron's preload), and the checks run on
 * the rendered table. Both are strings or self-contained functions: they run
 * inside the page, where nothing of this module exists.
 */

/**
 * Installed before the renderer loads. `window.__auditShow(view, answers)`
 * pushes a view (and what the history questions answer); commands that would
 * change something are refused, as a read-only screen would see them.
 */
export const FAKE_API = `
  (() => {
    let view = null;
    let answers = null;
    let first = null;
    const listeners = new Set();
    const reply = (data) => Promise.resolve({ ok: true, view, data });
    const known = {
      getView: () => (view ? Promise.resolve(view) : new Promise((resolve) => (first = resolve))),
      onView: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      toggleFullScreen: () => Promise.resolve(),
      getStandings: () => reply(answers ? answers.getStandings : { rows: [], cumulative: [] }),
      listNights: () => reply(answers ? answers.listNights : []),
      getNight: () => reply(answers ? answers.getNight : null),
      getTab: () => reply(answers && answers.getTab ? answers.getTab : { tab: [], transfers: [] }),
      listBackups: () => reply(answers && answers.listBackups ? answers.listBackups : { backups: [], folder: '', undoRestore: null }),
    };
    window.api = new Proxy(known, {
      get: (target, key) =>
        key in target ? target[key] : () => Promise.resolve({ ok: false, error: { code: 'invalid-input', message: 'the layout audit is read only' } }),
    });
    window.__auditShow = (next, nextAnswers) => {
      view = next;
      answers = nextAnswers;
      if (first) {
        first(next);
        first = null;
      }
      for (const listener of listeners) listener(next);
    };
  })()
`;

/** Smallest font sizes, in CSS px at 1080 px of screen height (scaled with the height): the TV's promise to the sofa. */
export const MIN_FONT_PX_AT_1080 = {
  /** The pot: the one number everyone looks at. */
  pot: 64,
  /** Each player's stack. */
  stack: 44,
  /** The rank in a card's corner (posts and third card). */
  cardRank: 40,
  /** The rank on a card of the draw for the first dealer (twelve players with ties: two rows of fanned cards). */
  drawRank: 20,
  /** The chance of winning, in per cent. */
  odds: 64,
  /** Names on the seat tiles, banner lines, the status line. */
  text: 24,
} as const;

export interface AuditReport {
  problems: string[];
  /** How close the state came to breaking: texts cut with an ellipsis, the least room to the safe area's edge, the smallest key size. */
  ellipsized: number;
  slackPx: number;
  smallestRatio: number;
}

/**
 * Checks the rendered `.tv`: every painted box and every line of text inside
 * the 5% safe area; no text cut without an ellipsis (sideways) or at all
 * (top/bottom, unless a line clamp shows the ellipsis); no text overlapped by
 * another text or by a painted box that is not its own background; the key
 * boxes (cards, pot, tiles, banner) not overlapping each other; the numbers
 * that matter at least their minimum size.
 */
/** A name this short is never shortened on the TV (tiles, results, who pays whom) with up to this many players. */
export const WHOLE_NAMES = { graphemes: 12, players: 8 } as const;

export interface AuditOptions {
  minFont: Record<string, number>;
  wholeNames: { graphemes: number; players: number };
}

/** `options`: the minimum sizes alone (short names are then held to WHOLE_NAMES), or both. */
export function auditLayout(options: Record<string, number> | AuditOptions): AuditReport {
  const given = options as Partial<AuditOptions>;
  const minFont = given.minFont ?? (options as Record<string, number>);
  // Runs in the page: WHOLE_NAMES is not there, so its values are repeated.
  const wholeNames = given.wholeNames ?? { graphemes: 12, players: 8 };
  const width = window.innerWidth;
  const height = window.innerHeight;
  const safe = { left: width * 0.05, top: height * 0.05, right: width * 0.95, bottom: height * 0.95 };
  const tolerance = 1;
  const problems: string[] = [];
  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (el: Element): CSSStyleDeclaration => {
    let s = styles.get(el);
    if (!s) styles.set(el, (s = getComputedStyle(el)));
    return s;
  };
  type Box = { left: number; top: number; right: number; bottom: number };
  const intersect = (a: Box, b: Box): Box => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  const empty = (b: Box) => b.right - b.left < 0.5 || b.bottom - b.top < 0.5;
  const overlaps = (a: Box, b: Box) => {
    const i = intersect(a, b);
    return i.right - i.left > tolerance && i.bottom - i.top > tolerance;
  };
  const name = (el: Element): string => {
    const id = el.getAttribute('data-testid');
    return id ? `[${id}]` : `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')}`;
  };
  const outsideSafe = (b: Box) =>
    b.left < safe.left - tolerance ||
    b.top < safe.top - tolerance ||
    b.right > safe.right + tolerance ||
    b.bottom > safe.bottom + tolerance;
  const slackOf = (b: Box) => Math.min(b.left - safe.left, b.top - safe.top, safe.right - b.right, safe.bottom - b.bottom);
  const hidden = (el: Element) => {
    for (let a: Element | null = el; a; a = a.parentElement) {
      const s = style(a);
      if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return true;
    }
    return false;
  };
  /** The overflow-clipping ancestors of a node, from `start` up, with their padding boxes. */
  const clippersOf = (start: Element | null) => {
    const list: { el: Element; box: Box }[] = [];
    for (let a = start; a && a !== document.body; a = a.parentElement) {
      const s = style(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const r = a.getBoundingClientRect();
      const left = r.left + a.clientLeft;
      const top = r.top + a.clientTop;
      list.push({ el: a, box: { left, top, right: left + a.clientWidth, bottom: top + a.clientHeight } });
    }
    return list;
  };
  const clipOf = (clippers: { box: Box }[]): Box =>
    clippers.reduce<Box>((acc, c) => intersect(acc, c.box), { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 });

  const root = document.querySelector('.tv .safe');
  if (!root) return { problems: ['no .tv .safe on the page'], ellipsized: 0, slackPx: 0, smallestRatio: 0 };
  let slack = Infinity;
  let ellipsized = 0;

  // Every painted element: inside the safe area once its ancestors' clipping is applied.
  const solids: { el: Element; box: Box }[] = [];
  for (const el of root.querySelectorAll('*')) {
    if (hidden(el)) continue;
    const visible = intersect(el.getBoundingClientRect(), clipOf(clippersOf(el.parentElement)));
    if (empty(visible)) continue;
    if (outsideSafe(visible))
      problems.push(
        `${name(el)} leaves the safe area (${Math.round(visible.left)},${Math.round(visible.top)})-(${Math.round(visible.right)},${Math.round(visible.bottom)})`,
      );
    slack = Math.min(slack, slackOf(visible));
    const s = style(el);
    const bg = s.backgroundColor.match(/[\d.]+/g)?.map(Number) ?? [];
    const painted = (bg.length === 4 ? (bg[3] ?? 0) >= 0.2 : bg.length === 3) || s.backgroundImage !== 'none' || el.tagName === 'CANVAS';
    if (painted && s.backfaceVisibility !== 'hidden') solids.push({ el, box: visible });
  }

  // An accented capital ("Ō", "Å", "É") reaches above the font's ascent, which the leading allowed below does not
  // cover: its ink, from the font's own metrics, must be inside every clipper's top ("Ōkawa" once showed as "Okawa").
  const measuring = document.createElement('canvas').getContext('2d');
  const accentsCut = (node: Text, el: Element, clippers: { el: Element; box: Box }[]): string[] => {
    const whole = node.textContent ?? '';
    const cut: string[] = [];
    let at = 0;
    for (const ch of whole) {
      const here = at;
      at += ch.length;
      if (!measuring || !/\p{Lu}/u.test(ch) || ch.normalize('NFD') === ch) continue;
      const glyph = document.createRange();
      glyph.setStart(node, here);
      glyph.setEnd(node, here + ch.length);
      const box = glyph.getClientRects()[0];
      if (!box || box.width < 0.5) continue;
      const s = style(el);
      measuring.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const metrics = measuring.measureText(ch);
      const inkTop = box.top + metrics.fontBoundingBoxAscent - metrics.actualBoundingBoxAscent;
      for (const c of clippers)
        if (inkTop < c.box.top - tolerance && box.bottom > c.box.top && box.left < c.box.right && box.right > c.box.left)
          cut.push(
            `the accent of "${ch}" in "${whole.trim().slice(0, 40)}" is cut at the top by ${name(c.el)} (${(c.box.top - inkTop).toFixed(1)} px)`,
          );
    }
    return cut;
  };

  // Every line of text: cut only with an ellipsis, inside the safe area, overlapped by nothing.
  const texts: { node: Text; el: Element; box: Box; text: string }[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const text = node.textContent?.trim() ?? '';
    const el = node.parentElement;
    if (!text || !el || hidden(el)) continue;
    const clippers = clippersOf(el);
    const clip = clipOf(clippers);
    problems.push(...accentsCut(node, el, clippers));
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width < 0.5 || r.height < 0.5) continue;
      // The glyphs' box is taller than the ink: allow a line's internal leading to poke out of a tight box.
      const leading = r.height * 0.18;
      // Inner clippers first: what an ellipsis already cut is not cut again by the boxes around it.
      let seen: Box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      for (const c of clippers) {
        if (empty(seen)) break;
        const sideways = seen.left < c.box.left - tolerance || seen.right > c.box.right + tolerance;
        const vertically = seen.top < c.box.top - leading || seen.bottom > c.box.bottom + leading;
        const s = style(c.el);
        if (sideways) {
          if (s.textOverflow === 'ellipsis' && s.whiteSpace.includes('nowrap')) ellipsized++;
          else problems.push(`"${text.slice(0, 40)}" is cut at the side by ${name(c.el)} without an ellipsis`);
        }
        if (vertically && seen.top < c.box.bottom && seen.bottom > c.box.top) {
          const clamp = s.getPropertyValue('-webkit-line-clamp');
          if (clamp && clamp !== 'none') ellipsized++;
          else problems.push(`"${text.slice(0, 40)}" is cut at the top or bottom by ${name(c.el)}`);
        }
        seen = intersect(seen, { ...c.box, top: c.box.top - leading, bottom: c.box.bottom + leading });
      }
      const visible = intersect(r, clip);
      if (empty(visible)) continue;
      if (outsideSafe(visible)) problems.push(`"${text.slice(0, 40)}" leaves the safe area`);
      // Text stays on its panel: the nearest painted box around it (banner, tile, pot) holds all of its ink.
      const panel = solids
        .filter((s) => s.el !== root && s.el.contains(el))
        .reduce<{ el: Element; box: Box } | null>((inner, s) => (!inner || inner.el.contains(s.el) ? s : inner), null);
      if (panel && !panel.el.classList.contains('tv')) {
        const ink = { top: visible.top + leading, bottom: visible.bottom - leading };
        if (
          ink.top < panel.box.top - tolerance ||
          ink.bottom > panel.box.bottom + tolerance ||
          visible.left < panel.box.left - tolerance ||
          visible.right > panel.box.right + tolerance
        )
          problems.push(`"${text.slice(0, 40)}" spills out of ${name(panel.el)}`);
      }
      // Overlap is judged on the ink: the line box without its internal leading.
      texts.push({
        node,
        el,
        text,
        box: { left: visible.left, right: visible.right, top: visible.top + leading, bottom: visible.bottom - leading },
      });
    }
  }
  for (let i = 0; i < texts.length; i++) {
    const a = texts[i]!;
    for (let j = i + 1; j < texts.length; j++) {
      const b = texts[j]!;
      if (a.node !== b.node && overlaps(a.box, b.box)) problems.push(`"${a.text.slice(0, 30)}" and "${b.text.slice(0, 30)}" overlap`);
    }
    for (const s of solids) {
      if (s.el.contains(a.node)) continue;
      // A card's faces are one thing; a card's own back never covers its face (backface hidden).
      const card = a.el.closest('.card');
      if (card && card.contains(s.el)) continue;
      // A tied player's fanned cards cover each other's far corner on purpose; the near corner (rank and suit) shows.
      const fan = a.el.closest('.stack-of-cards');
      if (fan && fan.contains(s.el)) continue;
      if (overlaps(a.box, s.box)) problems.push(`"${a.text.slice(0, 30)}" is overlapped by ${name(s.el)}`);
    }
  }

  // The key boxes never cover each other.
  const keys = [
    ...root.querySelectorAll(
      '.card, .banner:not(.empty), .players > li, .pot, .odds, .who, .results, .tv-settle, .rows > li, .phone-badge, .tv-phones .code',
    ),
  ].filter((el) => !hidden(el));
  for (let i = 0; i < keys.length; i++) {
    for (let j = i + 1; j < keys.length; j++) {
      const a = keys[i]!;
      const b = keys[j]!;
      if (a.contains(b) || b.contains(a)) continue;
      // A tied player's cards fan over each other on purpose, corners showing.
      if (a.parentElement?.classList.contains('stack-of-cards') && a.parentElement === b.parentElement) continue;
      if (overlaps(a.getBoundingClientRect(), b.getBoundingClientRect())) problems.push(`${name(a)} and ${name(b)} overlap`);
    }
  }

  // Short names whole: with up to `wholeNames.players` players a name of up to `wholeNames.graphemes`
  // characters (emoji and CJK counted as one) is never cut, and the bank is never cut at all.
  const players = root.querySelectorAll('.players > li').length || root.querySelectorAll('.results tbody tr').length;
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const el of root.querySelectorAll('.players .text, .results .name, .tv-transfers .who')) {
    if (hidden(el)) continue;
    const text = el.textContent?.trim() ?? '';
    const bank = el.getAttribute('data-party') === 'bank';
    if (!bank && (players > wholeNames.players || [...segmenter.segment(text)].length > wholeNames.graphemes)) continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      problems.push(`the name "${text}" is shortened (${name(el)}, ${players} players)`);
  }

  // The numbers that matter, big enough for the sofa.
  const scale = height / 1080;
  let smallestRatio = Infinity;
  const atLeast = (selector: string, minimum: number, what: string) => {
    for (const el of root.querySelectorAll(selector)) {
      if (hidden(el) || !el.textContent?.trim()) continue;
      const px = parseFloat(style(el).fontSize);
      const ratio = px / (minimum * scale);
      smallestRatio = Math.min(smallestRatio, ratio);
      if (ratio < 0.995) problems.push(`${what} ${name(el)} is ${px.toFixed(1)} px, under ${(minimum * scale).toFixed(1)} px`);
    }
  };
  atLeast('[data-testid="pot"]', minFont.pot!, 'the pot');
  atLeast('.players .stack', minFont.stack!, 'a stack');
  atLeast('.cards .card .rank', minFont.cardRank!, 'a card');
  // The draw's reminder under the sealed deck is smaller on purpose: the commitment is what the cut phase shows.
  atLeast('.center > .draw .card .rank', minFont.drawRank!, 'a drawn card');
  atLeast('.odds .percent', minFont.odds!, 'the odds');
  atLeast('.players .name, .banner .headline, [data-testid="status"], .results td, .tv-transfers li, .rows .name', minFont.text!, 'text');
  return {
    problems: [...new Set(problems)],
    ellipsized,
    slackPx: Number.isFinite(slack) ? slack : 0,
    smallestRatio: Number.isFinite(smallestRatio) ? smallestRatio : 1,
  };
}
