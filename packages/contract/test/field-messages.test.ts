import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, fieldMessage, isKnownFieldMessage } from '../src/index.ts';

const src = join(import.meta.dirname, '../src');

/** The message texts the schemas and routes give their checks (`, 'Must be …')`, `message: '…'`, `error: '…'`). */
function messagesInSource(): string[] {
  const re = /(?:,\s*|message:\s*|error:\s*)'([A-Z][^']*)'\s*[,)}]/g;
  const found = new Set<string>();
  for (const dir of ['schemas', 'routes', 'http', 'rules'])
    for (const file of readdirSync(join(src, dir))) {
      const text = readFileSync(join(src, dir, file), 'utf8');
      for (const m of text.matchAll(re)) if (/\s/.test(m[1]!) || m[1]!.endsWith('.')) found.add(m[1]!);
    }
  return [...found];
}

describe('field validation messages in the caller’s language', () => {
  it('knows every message the schemas and routes write', () => {
    const messages = messagesInSource();
    expect(messages.length).toBeGreaterThan(30);
    expect(messages.filter((m) => !isKnownFieldMessage(m))).toEqual([]);
    for (const m of Object.values(FIELD_MESSAGES))
      if (typeof m === 'string') expect(isKnownFieldMessage(m)).toBe(true);
  });

  it('translates by Accept-Language, values included, and keeps English for English and unknown texts', () => {
    expect(fieldMessage('This field is required', 'no')).toBe('Dette feltet er påkrevd');
    expect(fieldMessage('This field is required', 'sv-SE,sv;q=0.9')).toBe('Detta fält är obligatoriskt');
    expect(fieldMessage('Max 200 characters.', 'zh-CN')).toBe('最多 200 个字符。');
    expect(fieldMessage('Max 200 characters.', 'zh-HK')).toBe('最多 200 個字元。');
    expect(fieldMessage('Must be one of Machine, Customer.', 'no')).toBe('Må være en av Machine, Customer.');
    expect(fieldMessage('Max 200 characters.', 'en')).toBe('Max 200 characters.');
    expect(fieldMessage('Max 200 characters.', undefined)).toBe('Max 200 characters.');
    expect(fieldMessage('Something else entirely', 'no')).toBe('Something else entirely');
  });
});
