// One way to refuse (issue 34.3, decision 101): the server makes every refusal through the helpers of
// apps/server/src/modules/common/errors.ts. `npm run check` fails on `new AppError(...)`, a class extending
// AppError, or AppError imported under another name anywhere else in the server's code (tests excepted).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const HOME = 'apps/server/src/modules/common/errors.ts';
const CHECKED = /^apps\/server\/src\/.*\.ts$/;
const NOT_CHECKED = /\.test\.ts$/;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => CHECKED.test(f) && !NOT_CHECKED.test(f) && f !== HOME);

const found: string[] = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  if (!text.includes('AppError')) continue;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const at = (node: ts.Node, what: string) =>
    found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && node.expression.getText() === 'AppError') at(node, 'new AppError(...)');
    if (ts.isHeritageClause(node) && node.types.some((t) => t.expression.getText() === 'AppError'))
      at(node, 'a class extending AppError');
    if (ts.isImportSpecifier(node) && node.propertyName?.getText() === 'AppError')
      at(node, 'AppError imported under another name');
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (found.length > 0) {
  console.error(
    `Refuse through the helpers of ${HOME} (refusal, forbidden, writtenRefusal, translatedRefusal, ...), ` +
      'adding one there if a kind is missing:',
  );
  for (const f of found) console.error(`  ${f}`);
  process.exit(1);
}
