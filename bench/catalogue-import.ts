/**
 * The catalogue import at size (B17): a CSV of 10,000 variant rows (5,000 items of one, two or
 * three pack sizes) into an empty store through `POST /api/stores/:storeId/catalogue/import`,
 * timed request by request with the server's memory sampled every 50 ms: first the preview
 * (`dryRun`), then the import, the same file again (nothing changes), the file with every price
 * a rupee up (every row updates), and the export of what was imported. The CPU the server and
 * PostgreSQL spent on each says which of them the time went to.
 */
import { postgresCpuSeconds } from './rush-load.ts';
import { cpuSeconds, rssMb, round1 } from './stats.ts';
import { packLabels, variantsOfItem } from './catalogue-seed.ts';

export const importItems = 5000;
/** The categories the file names, `Aisle 1` to `Aisle 50`: an import needs them to exist. */
export const importCategories = 50;

const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/**
 * The file: item n (from 1) named and sized as bench/catalogue-seed.ts names and sizes them,
 * SKUs `<prefix>-<n>-<position>`, a third of the variants not counted, every price up by
 * `extraPaise`.
 */
export function catalogueCsv(skuPrefix: string, extraPaise = 0): { text: string; rows: number } {
  const lines = ['sku,name,category,variant,price,mrp,stock,gst,hsn,veg'];
  const words = ['Organic', 'Fresh', 'Classic', 'Premium', 'Daily'];
  for (let n = 1; n <= importItems; n++) {
    const count = variantsOfItem(n);
    for (let v = 0; v < count; v++) {
      const price = (1000 + ((n * 37) % 99000)) * (1 + v) + extraPaise;
      lines.push(
        [
          `${skuPrefix}-${n}-${v}`,
          `${words[n % 5]} product ${n}`,
          `Aisle ${1 + (n % importCategories)}`,
          packLabels[count]![v],
          rupees(price),
          n % 2 === 1 ? rupees(Math.ceil(price * 1.1)) : '',
          n % 3 === 0 ? '' : String(20 + ((n * 7 + v) % 500)),
          String([0, 5, 12, 18][n % 4]),
          n % 2 === 1 ? '1006' : '',
          n % 3 === 0 ? 'yes' : 'no',
        ].join(','),
      );
    }
  }
  return { text: `${lines.join('\n')}\n`, rows: lines.length - 1 };
}

type ImportAnswer = { created: number; updated: number; unchanged: number; errors: unknown[] };

export type ImportFigures = ImportAnswer & {
  status: number;
  seconds: number;
  serverRssBeforeMb: number;
  serverRssPeakMb: number;
  serverRssAfterMb: number;
  serverCpuSeconds: number;
  postgresCpuSeconds: number;
};

export type ServerProcess = { pid: number; dataDir: string };

/**
 * Runs `work` with the server's resident memory sampled every 50 ms; answers its result, the
 * memory, and the CPU seconds of the server and of its PostgreSQL meanwhile.
 */
async function watching<T>(server: ServerProcess, work: () => Promise<T>) {
  const { pid } = server;
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const serverCpu = cpuSeconds(pid);
  const postgresCpu = postgresCpuSeconds(server.dataDir);
  const started = performance.now();
  try {
    const result = await work();
    const seconds = round1((performance.now() - started) / 1000);
    peak = Math.max(peak, rssMb(pid));
    return {
      result,
      seconds,
      before,
      peak,
      after: rssMb(pid),
      serverCpuSeconds: round1(cpuSeconds(pid) - serverCpu),
      postgresCpuSeconds: round1(postgresCpuSeconds(server.dataDir) - postgresCpu),
    };
  } finally {
    clearInterval(sampler);
  }
}

async function postImport(
  baseUrl: string,
  token: string,
  storeId: string,
  csv: string,
  dryRun: boolean,
  server: ServerProcess,
): Promise<ImportFigures> {
  const watched = await watching(server, async () => {
    const res = await fetch(
      `${baseUrl}/api/stores/${storeId}/catalogue/import${dryRun ? '?dryRun=true' : ''}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: csv,
      },
    );
    const text = await res.text();
    return { status: res.status, text };
  });
  const { status, text } = watched.result;
  if (status !== 200) throw new Error(`the import answered ${status}: ${text.slice(0, 1000)}`);
  const answer = JSON.parse(text) as ImportAnswer;
  return {
    status,
    created: answer.created,
    updated: answer.updated,
    unchanged: answer.unchanged,
    errors: answer.errors,
    seconds: watched.seconds,
    serverRssBeforeMb: watched.before,
    serverRssPeakMb: watched.peak,
    serverRssAfterMb: watched.after,
    serverCpuSeconds: watched.serverCpuSeconds,
    postgresCpuSeconds: watched.postgresCpuSeconds,
  };
}

/** The import, its preview, its repeats and the export, into `storeId` (which has the file's categories and no items). */
export async function benchImport(baseUrl: string, token: string, storeId: string, server: ServerProcess) {
  const file = catalogueCsv('IMP');
  const dryRun = await postImport(baseUrl, token, storeId, file.text, true, server);
  const created = await postImport(baseUrl, token, storeId, file.text, false, server);
  const again = await postImport(baseUrl, token, storeId, file.text, false, server);
  const dearer = await postImport(baseUrl, token, storeId, catalogueCsv('IMP', 100).text, false, server);

  const exported = await watching(server, async () => {
    const res = await fetch(`${baseUrl}/api/stores/${storeId}/catalogue/export.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`the export answered ${res.status}: ${text.slice(0, 300)}`);
    return text;
  });
  return {
    file: { rows: file.rows, items: importItems, kilobytes: round1(Buffer.byteLength(file.text) / 1024) },
    dryRun,
    created,
    again,
    dearer,
    export: {
      seconds: exported.seconds,
      rows: exported.result.trimEnd().split('\n').length - 1,
      kilobytes: round1(Buffer.byteLength(exported.result) / 1024),
      serverRssPeakMb: exported.peak,
    },
  };
}
