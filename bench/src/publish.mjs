#!/usr/bin/env node
/**
 * Copies the table of bench/results/latest.md (the committed run) into
 * docs/performance.md, between the `bench-table` markers, so the page always shows the
 * figures that latest.json holds.
 */
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const START = '<!-- bench-table:start -->';
const END = '<!-- bench-table:end -->';
const latest = fileURLToPath(new URL('../results/latest.md', import.meta.url));
const page = fileURLToPath(new URL('../../docs/performance.md', import.meta.url));

const results = await readFile(latest, 'utf8');
// Everything after the title: the run line, the method line, the table and its notes.
const body = results.replace(/^# .*\n+/, '').trim();
const doc = await readFile(page, 'utf8');
const from = doc.indexOf(START);
const to = doc.indexOf(END);
if (from === -1 || to < from) throw new Error(`${page} has no ${START} … ${END} block`);
await writeFile(page, `${doc.slice(0, from + START.length)}\n\n${body}\n\n${doc.slice(to)}`);
// The page is linted like every doc: format it as Biome would, so publishing keeps `npm run lint` green.
const biome = fileURLToPath(new URL('../../node_modules/@biomejs/biome/bin/biome', import.meta.url));
const formatted = spawnSync(process.execPath, [biome, 'format', '--write', page], { stdio: 'inherit' });
if (formatted.status !== 0) throw new Error(`biome could not format ${page}`);
process.stderr.write(`published ${latest} into ${page}\n`);
