/**
 * Realistic token reuse (docs/performance.md): access tokens are handed out as many clients would
 * use them. `window` tokens are in play at once and taken in turn; each is retired after `uses`
 * presentations and replaced by the next token never used. When a token retires and no unused one
 * is left the spread aborts its signal (the scenario stops early) and finishes with the tokens still
 * in play, so no token is ever presented more than `uses` times: a cache cannot win by answering
 * one token forever.
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
  /** The most presentations of any one token (at most `uses`, unless the run outlived the spread). */
  maxUses: number;
  uses: number;
  window: number;
  /** Whether the tokens ran out before the run's time did. */
  exhausted: boolean;
}

export function tokenSpread(tokens: readonly string[], uses: number, window = 200): TokenSpread {
  if (tokens.length === 0) throw new Error('no tokens to spread');
  const controller = new AbortController();
  const active: { token: string; used: number }[] = [];
  let fresh = 0;
  let turn = 0;
  let presentations = 0;
  let maxUses = 0;
  let last = tokens[0] ?? '';
  const refill = () => {
    while (active.length < window && fresh < tokens.length)
      active.push({ token: tokens[fresh++] ?? '', used: 0 });
  };
  refill();
  return {
    signal: controller.signal,
    next() {
      presentations++;
      if (active.length === 0) {
        // Only after the abort, while the last requests drain: counted in maxUses.
        maxUses = Math.max(maxUses, uses + 1);
        return last;
      }
      turn %= active.length;
      const slot = active[turn] as { token: string; used: number };
      slot.used++;
      maxUses = Math.max(maxUses, slot.used);
      last = slot.token;
      if (slot.used >= uses) {
        active.splice(turn, 1);
        refill();
        // A token retired with none left to replace it: stop; the rest in play serve the drain.
        if (active.length < window && !controller.signal.aborted) controller.abort();
      } else turn++;
      return slot.token;
    },
    summary: () => ({
      tokens: Math.min(fresh, tokens.length),
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
  return `${s.presentations} requests over ${s.tokens} tokens (${s.window} in play, each ≤ ${s.uses} uses, mean ${mean}, max ${s.maxUses})${s.exhausted ? '; every token was used, the run stopped early' : ''}`;
}
