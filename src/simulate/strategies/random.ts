import { markTrusted } from '../play-game.ts';
import type { LegalBox, Strategy } from '../strategy.ts';

/**
 * Uniform over legal actions: after a roll with rerolls left, each distinct proper hold and each
 * legal box is equally likely; after the third roll, each legal box. Draws from the context's
 * own seeded stream, so it is as reproducible as the dice.
 */
export function randomStrategy(): Strategy {
  let pending: LegalBox | undefined;
  return markTrusted({
    name: 'random',
    chooseHold(ctx) {
      const t = ctx.tables;
      const start = t.rollHoldStart[ctx.roll];
      const end = t.rollHoldStart[ctx.roll + 1];
      const holds = end - start - 1;
      const options = ctx.options;
      const pick = Math.floor(ctx.random() * (holds + options.length));
      if (pick >= holds) {
        pending = options[pick - holds];
        return ctx.roll;
      }
      pending = undefined;
      let i = 0;
      for (let j = start; j < end; j++) {
        const keep = t.rollHoldList[j];
        if (keep === ctx.roll) continue;
        if (i++ === pick) return keep;
      }
      return ctx.roll;
    },
    chooseBox(ctx) {
      // A box drawn together with the holds is the one to score; it was legal for these dice.
      if (pending) {
        const box = pending;
        pending = undefined;
        return { box: box.index, column: box.column };
      }
      const options = ctx.options;
      const box = options[Math.floor(ctx.random() * options.length)];
      return { box: box.index, column: box.column };
    },
  });
}
