import { readFileSync } from 'node:fs';
import { analyseGame } from './src/analysis/analyse-game.ts';
import { loadModel, loadReviewModel } from './src/store/model-loader.ts';
const [file, id] = process.argv.slice(2);
const exact = await loadReviewModel('tables', id as 'superpass-ordered');
const approx = await loadModel('tables', id as 'superpass-ordered');
console.log(exact.exact, approx.exact);
const recs = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
let dTot = 0, aTot = 0, eTot = 0, n = 0, dec = 0, decAbs = 0, sameBest = 0, flagE = 0, flagA = 0, flagBoth = 0, decErr2 = 0;
const gameErrs: number[] = [];
for (const r of recs) {
  const e = analyseGame(exact, r), a = analyseGame(approx, r);
  if ('error' in e || 'error' in a) { console.log('err', e, a); continue; }
  n++; eTot += e.totalLoss; aTot += a.totalLoss; gameErrs.push(a.totalLoss - e.totalLoss);
  for (let i = 0; i < e.decisions.length; i++) {
    const x = e.decisions[i], y = a.decisions[i];
    dec++; decAbs += Math.abs(y.loss - x.loss); decErr2 += (y.loss - x.loss) ** 2;
    if (JSON.stringify(x.best.action) === JSON.stringify(y.best.action)) sameBest++;
    const fe = x.loss >= 1, fa = y.loss >= 1; if (fe) flagE++; if (fa) flagA++; if (fe && fa) flagBoth++;
  }
}
gameErrs.sort((p, q) => p - q);
const mean = gameErrs.reduce((s, x) => s + x, 0) / n;
const sd = Math.sqrt(gameErrs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
console.log({ id, games: n, exactLoss: eTot / n, approxLoss: aTot / n, gameErrMean: mean, gameErrSd: sd, gameErrP5: gameErrs[Math.floor(n * 0.05)], gameErrP95: gameErrs[Math.floor(n * 0.95)], decisions: dec, decMAE: decAbs / dec, decRMSE: Math.sqrt(decErr2 / dec), sameBest: sameBest / dec, flaggedExact: flagE, flaggedApprox: flagA, flaggedBoth: flagBoth });
