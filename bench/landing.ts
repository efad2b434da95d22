// npm run bench:landing: only the first-download budget (≤ 180 KB gzipped for the sign-in page and the
// signed-in landing), with the files of each, largest first. Needs `npm run build` first; BENCH_PORT
// picks the port (default 18191).
import { initialRouteJs } from './initial-route.ts';
import { startBenchServer } from './server.ts';

const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 18_191), 'embedded');
try {
  const js = await initialRouteJs(server.base);
  for (const [what, page] of [
    ['sign-in page', js.signInPage],
    ['signed-in landing (home)', js.landing],
  ] as const) {
    console.log(
      `${what}: ${page.kb.toFixed(1)} KB of ≤ 180 KB (and ${page.textsKb.toFixed(1)} KB of translation files)`,
    );
    for (const [file, kb] of page.files) console.log(`  ${kb.toFixed(1).padStart(6)} KB  ${file}`);
  }
  process.exitCode = js.signInPage.kb <= 180 && js.landing.kb <= 180 ? 0 : 1;
} finally {
  await server.stop();
}
