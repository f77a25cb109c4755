import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The unit suite runs two files at a time. Vitest orders files by the durations of the last run it
// cached, and a fresh clone (CI) has no cache: it then ran the three fuzz files (30-35 s each) last,
// one core idle while the other finished them. This order deals the files longest first from the
// durations recorded in tests/durations.json (npm run test:unit:record), a file with no record
// counting as the median one, so both workers end together.

const DURATIONS_FILE = path.resolve(import.meta.dirname, '../durations.json');

function recordedSeconds(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = recordedSeconds();
    const known = Object.values(recorded).sort((a, b) => a - b);
    const median = known.length ? known[Math.floor(known.length / 2)]! : 0;
    const root = this.ctx.config.root;
    const secondsOf = (file: TestSpecification) => recorded[path.relative(root, file.moduleId).split(path.sep).join('/')] ?? median;
    // Vitest's own order (its cache, else file size) settles ties.
    const fallback = await super.sort(files);
    return fallback
      .map((file, index) => ({ file, index, seconds: secondsOf(file) }))
      .sort((a, b) => b.seconds - a.seconds || a.index - b.index)
      .map(({ file }) => file);
  }
}
