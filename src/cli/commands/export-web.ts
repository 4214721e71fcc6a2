import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { BROWSER_RULESETS } from '../../browser/engine-session.ts';
import { TABLE_INDEX_PATH } from '../../browser/table-index.ts';
import { DicewiseError } from '../../errors.ts';
import { columnsDownload, downloadsColumns, tableIndexOf, type DownloadTable } from '../../server/routes/web-tables.ts';
import { findWebDir, readEngineListing, webEngineDir, webSite } from '../../server/routes/web-site.ts';
import { ensureModel } from '../../store/model-loader.ts';
import { solverThreads } from '../../../workers/pool.ts';
import { describeCommand } from '../command-descriptions.ts';
import { parsePositiveInt, tableDir } from '../options.ts';
import { progressBar } from '../progress.ts';

/**
 * `dicewise export-web DIR`: the web page, the browser engine and the tables it downloads, as
 * static files for any static host (served at the root of its host): the page's files and the
 * engine's bundle as the server serves them (server/routes/web-site.ts), and the multi-column rule
 * sets' column tables from the table folder (built there first where missing), listed in
 * web/tables/index.json as the server lists them (server/routes/web-tables.ts).
 */

interface ExportFlags {
  tables?: string;
  threads?: string;
}

/** Where a URL path's file goes in the export: the page itself is index.html. */
function fileOf(dir: string, path: string): string {
  return join(dir, path === '/' ? 'index.html' : path.slice(1));
}

export function registerExportWeb(program: Command): void {
  program
    .command('export-web')
    .description(describeCommand('export-web'))
    .argument('<dir>', 'folder to write the site into (created where missing; files of the same names are replaced)')
    .option('--tables <dir>', 'table folder the column tables are read from, built there where missing (default $DICEWISE_TABLES or ./tables)')
    .option('--threads <n>', 'worker threads for a table build (default: all cores)')
    .addHelpText(
      'after',
      '\nServe the folder at the root of any static host (no Node server behind it). The page then advises for points with the engine in the browser, offline too once visited;\n' +
        'reach and win goals, odds, batch review and simulate need `dicewise serve`.',
    )
    .action(async (out: string, flags: ExportFlags) => {
      const threads = parsePositiveInt(flags.threads, 'threads');
      const web = findWebDir();
      if (!readEngineListing(webEngineDir(web))) {
        throw new DicewiseError('TABLE_MISSING', `no browser engine bundle in ${webEngineDir(web)}: run npm run build first`, [{ field: 'dir', message: 'engine not built' }]);
      }
      const site = webSite(web, 'static');
      const written: { path: string; bytes: number }[] = [];
      const put = async (path: string, body: Uint8Array) => {
        const file = fileOf(out, path);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, body);
        written.push({ path, bytes: body.byteLength });
      };
      for (const path of site.paths()) {
        const asset = site.read(path);
        if (!asset) throw new DicewiseError('TABLE_MISSING', `${path}: not found in ${web} or the build beside it: run npm run build`);
        await put(path, asset.body);
      }

      const downloads: DownloadTable[] = [];
      for (const id of BROWSER_RULESETS.filter(downloadsColumns)) {
        const bar = progressBar(`${id} column tables`, { lines: true });
        const model = await ensureModel(tableDir(flags.tables), id, { threads, solver: solverThreads, onProgress: (p) => bar.update(p.statesDone, p.statesTotal) });
        bar.stop();
        const d = await columnsDownload(model);
        downloads.push(d);
        await put(`/web/tables/${d.entry.file}`, d.gz);
      }
      await put(`/web/${TABLE_INDEX_PATH}`, new TextEncoder().encode(`${JSON.stringify(tableIndexOf(downloads))}\n`));

      const mib = (n: number) => `${(n / 2 ** 20).toFixed(2)} MiB`;
      const total = written.reduce((n, f) => n + f.bytes, 0);
      process.stdout.write(`${written.length} files, ${mib(total)}, written to ${resolve(out)} (site version ${site.info().version})\n`);
      for (const d of downloads) process.stdout.write(`  ${d.entry.ruleset} column tables: web/tables/${d.entry.file} (${mib(d.entry.bytes)})\n`);
      process.stdout.write(
        'Serve the folder at the root of any static host. The page advises for points with its engine (offline too, once visited);\n' +
          'reach and win goals, odds, batch review and simulate need `dicewise serve`.\n',
      );
    });
}
