/**
 * Realistic token reuse (docs/performance.md): access tokens are handed out as many clients would
 * use them. `window` tokens are in play at once and taken in turn; each is retired after `uses`
 * presentations and replaced by the next token never used. When the presentations left fall
 * under what the load sends before autocannon can stop (its next one-second tick, with a margin),
 * the spread aborts its signal and the run stops early on the tokens still in play, so no token is
 * presented more than `uses` times: a cache cannot win by answering one token forever.
 */
export interface TokenSpread {
  next(): string;
  /** Aborted once every token has been put in play (the run should stop). */
  signal: AbortSignal;
  /** What was handed out so far. */
  summary(): SpreadSummary;
}

export interface SpreadSummary {
  /** Tokens presented at least once. */
  tokens: number;
  presentations: number;
  /** The most presentations of any one token (at most `uses`, unless the run outlived its margin). */
  maxUses: number;
  uses: number;
  window: number;
  /** Whether the tokens ran short before the run's time was up (the run stopped early). */
  exhausted: boolean;
}

/** autocannon stops at its next one-second tick: keep enough presentations for 1.5 s in hand. */
const STOP_MARGIN_SECONDS = 1.5;

export function tokenSpread(tokens: readonly string[], uses: number, window = 200): TokenSpread {
  if (tokens.length === 0) throw new Error('no tokens to spread');
  const controller = new AbortController();
  type Slot = { token: string; used: number };
  const active: Slot[] = [];
  let fresh = 0;
  let turn = 0;
  let presentations = 0;
  let maxUses = 0;
  let firstAt = 0;
  /** Presentations the spread can still make without any token going over `uses`. */
  let left = tokens.length * uses;
  let last: Slot = { token: tokens[0] ?? '', used: 0 };
  const refill = () => {
    while (active.length < window && fresh < tokens.length)
      active.push({ token: tokens[fresh++] ?? '', used: 0 });
  };
  /** Stop while what is left still covers the requests sent until the run ends. */
  const stopInTime = () => {
    if (controller.signal.aborted) return;
    const elapsed = (performance.now() - firstAt) / 1000;
    const rate = elapsed > 0.2 ? presentations / elapsed : 0;
    if (active.length === 0 || left < rate * STOP_MARGIN_SECONDS) controller.abort();
  };
  refill();
  return {
    signal: controller.signal,
    next() {
      if (presentations++ === 0) firstAt = performance.now();
      // Only if the run outlived the margin: the last token again (counted in maxUses).
      let slot = last;
      if (active.length > 0) {
        turn %= active.length;
        slot = active[turn] as Slot;
        left--;
        if (slot.used + 1 >= uses) {
          active.splice(turn, 1);
          refill();
        } else turn++;
      }
      slot.used++;
      maxUses = Math.max(maxUses, slot.used);
      last = slot;
      stopInTime();
      return slot.token;
    },
    summary: () => ({
      tokens: fresh,
      presentations,
      maxUses,
      uses,
      window,
      exhausted: controller.signal.aborted,
    }),
  };
}

/** One line on how a scenario's tokens were spread. */
export function describeSpread(s: SpreadSummary): string {
  const mean = s.tokens ? (s.presentations / s.tokens).toFixed(1) : '0';
  return `${s.presentations} requests over ${s.tokens} tokens (${s.window} in play, each ≤ ${s.uses} uses, mean ${mean}, max ${s.maxUses})${s.exhausted ? '; the tokens ran short, the run stopped early' : ''}`;
}
