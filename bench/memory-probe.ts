// Loaded into the server process by npm run soak (node --import): every half second, appends the
// process's resident set size and V8 heap in use (bytes) to FP_MEMORY_FILE, one `ms rss heapUsed` a line.
import { appendFileSync } from 'node:fs';

const file = process.env.FP_MEMORY_FILE;
if (file)
  setInterval(() => {
    const m = process.memoryUsage();
    appendFileSync(file, `${Date.now()} ${m.rss} ${m.heapUsed}\n`);
  }, 500).unref();
