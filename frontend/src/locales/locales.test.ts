import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import it_ from './it.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const locales: Record<string, Record<string, string>> = { de: flatten(de), en: flatten(en), fr: flatten(fr), it: flatten(it_) };
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('translations', () => {
  it('have the same keys in de, en, fr and it', () => {
    const reference = Object.keys(locales.de).sort();
    for (const [lang, keys] of Object.entries(locales)) {
      expect(Object.keys(keys).sort(), `keys of ${lang}`).toEqual(reference);
    }
  });

  it('have no empty strings and the same placeholders', () => {
    for (const [key, text] of Object.entries(locales.de)) {
      for (const [lang, keys] of Object.entries(locales)) {
        expect(keys[key].trim(), `${lang}:${key}`).not.toBe('');
        expect(placeholders(keys[key]), `${lang}:${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('contain every literal key used in the code', () => {
    const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w]*(?:\.[\w]+)+)'/g)) used.add(m[1]);
      for (const m of text.matchAll(/labelKey: '([\w.]+)'/g)) used.add(m[1]);
      for (const m of text.matchAll(/'((?:validation|landing)\.[a-zA-Z]+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((k) => !(k in locales.de));
    expect(missing).toEqual([]);
  });
});
