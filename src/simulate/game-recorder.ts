import { countsToFaces, keepFaceCounts, type DiceTables } from '../dice/index.ts';
import type { RuleSet } from '../rules/index.ts';
import { hasColumns } from '../rules/index.ts';

/**
 * What the game player reports while it plays, so that a game can be kept as a record: every
 * roll and hold as a keep index, the box each turn is scored in. The player calls these only when
 * it is given a recorder, so play without one is unchanged.
 */
export interface GameRecorder {
  begin(strategy: string, seed: number, game: number): void;
  /** the dice after a roll (the first of a turn, or a reroll with the held dice) */
  roll(keep: number): void;
  /** the dice kept before a reroll */
  hold(keep: number): void;
  /** the turn's box; column is 0-based */
  box(column: number, box: number): void;
  end(score: number): void;
}

/**
 * Game records as JSON Lines, in the format `dicewise analyse` reads (src/analysis/types.ts
 * GameRecord: `ruleset` and `turns` of `rolls`, `holds`, `box`, `column` on several columns), with
 * what names the game besides: the strategy, the run's seed and the game's index (the seed and
 * the index give the dice again) and the final score. Text is built by hand from one cached
 * string per keep: a million games are about a gigabyte of it.
 */
export class JsonLinesRecorder implements GameRecorder {
  private readonly faces: string[];
  private readonly boxes: string[];
  private readonly multi: boolean;
  private readonly head: string;
  private text = '';
  private line = '';
  private rolls = '';
  private holds = '';
  private games = 0;

  constructor(rs: RuleSet, t: DiceTables) {
    this.faces = Array.from({ length: t.keepCount }, (_, k) => `[${countsToFaces(keepFaceCounts(t, k)).join(',')}]`);
    this.boxes = rs.boxes.map((b) => JSON.stringify(b.id));
    this.multi = hasColumns(rs);
    this.head = `{"ruleset":${JSON.stringify(rs.id)},"strategy":`;
  }

  begin(strategy: string, seed: number, game: number): void {
    this.line = `${this.head}${JSON.stringify(strategy)},"seed":${seed},"game":${game},"turns":[`;
    this.rolls = '';
  }

  roll(keep: number): void {
    if (this.rolls === '') this.holds = '';
    this.rolls += this.rolls === '' ? this.faces[keep] : `,${this.faces[keep]}`;
  }

  hold(keep: number): void {
    this.holds += this.holds === '' ? this.faces[keep] : `,${this.faces[keep]}`;
  }

  box(column: number, box: number): void {
    const sep = this.line.endsWith('[') ? '' : ',';
    const col = this.multi ? `,"column":${column + 1}` : '';
    this.line += `${sep}{"rolls":[${this.rolls}],"holds":[${this.holds}],"box":${this.boxes[box]}${col}}`;
    this.rolls = '';
  }

  end(score: number): void {
    this.text += `${this.line}],"score":${score}}\n`;
    this.games++;
  }

  /** The lines recorded since the last call, and how many games they hold. */
  take(): { text: string; games: number } {
    const out = { text: this.text, games: this.games };
    this.text = '';
    this.games = 0;
    return out;
  }
}
