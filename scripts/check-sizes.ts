// Small pieces (issue 34.5): `npm run check` fails on a source file over 400 lines or a function over 150.
// Data (tables, translations, examples, the demo company) is excepted by name in DATA. What is over today
// is listed in scripts/size-allowance.json with its size then: it may not grow, and its entry must go once
// it fits (so the list only gets shorter; `--write` rewrites it). Tests and migrations are not counted.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';

const FILE_LINES = 400;
const FUNCTION_LINES = 150;
const ALLOWANCE = 'scripts/size-allowance.json';

/** Files that are data, not logic: counted neither for length nor for their functions. */
const DATA = [
  /\/i18n\//,
  /\/db\/migrations\//,
  /\/db\/schema\//,
  /\/dev\/demo-company\.ts$/,
  /\/http\/openapi-examples\.ts$/,
  /\/lib\/routing\/routes\.ts$/,
  /\/reference\//,
  // Written by `npm run generate` from the contract's routes (the API manifest): a table, not logic.
  /\/generated\//,
];
const COUNTED = /^(apps\/(server|web)\/src|packages\/(contract|dispatch)\/src)\/.*\.tsx?$/;
const NOT_COUNTED = /(\.test\.tsx?|\.d\.ts|\/test-[a-z-]+\.tsx?)$|\/test\//;

type Allowance = Record<string, number>;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => COUNTED.test(f) && !NOT_COUNTED.test(f) && !DATA.some((d) => d.test(f)));

const lineOf = (source: ts.SourceFile, pos: number) => source.getLineAndCharacterOfPosition(pos).line;

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return `(anonymous at line ${lineOf(node.getSourceFile(), node.getStart()) + 1})`;
}

/** Every piece over its limit: `path` for a file, `path#name` for a function, with its lines. */
function measure(): Allowance {
  const found: Allowance = {};
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > FILE_LINES) found[file] = lines;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body) {
        const length = lineOf(source, node.getEnd()) - lineOf(source, node.getStart()) + 1;
        if (length > FUNCTION_LINES) found[`${file}#${nameOf(node)}`] = length;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const found = measure();
if (process.argv.includes('--write')) {
  const sorted = Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(ALLOWANCE, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${Object.keys(found).length} pieces over their limit written to ${ALLOWANCE}`);
  process.exit(0);
}

const allowed: Allowance = JSON.parse(readFileSync(ALLOWANCE, 'utf8'));
const problems: string[] = [];
for (const [piece, lines] of Object.entries(found)) {
  const limit = piece.includes('#') ? FUNCTION_LINES : FILE_LINES;
  const before = allowed[piece];
  if (before === undefined) problems.push(`${piece}: ${lines} lines, over the limit of ${limit}: split it`);
  else if (lines > before) problems.push(`${piece}: ${lines} lines, grown from ${before}: split it`);
}
for (const [piece, before] of Object.entries(allowed))
  if (found[piece] === undefined)
    problems.push(`${piece}: now within its limit (was ${before}): remove its entry from ${ALLOWANCE}`);

if (problems.length) {
  console.error(
    `Sizes (files ≤ ${FILE_LINES} lines, functions ≤ ${FUNCTION_LINES}):\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `Sizes: ${files.length} files within their limits (${Object.keys(allowed).length} allowed as they were)`,
);
