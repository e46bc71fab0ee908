/**
 * Builds of the same sources are the same bytes (docs/measurements.md, "Start-up"): every file of
 * the package the build writes, built again into another folder, matches the one in dist/.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { bundles, SHIPPED } from '../../scripts/build';
import { expectBuilt } from '../helpers/built';

const ROOT = path.join(__dirname, '..', '..');

beforeAll(expectBuilt);

it('writes the same bytes again, into another folder', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-rebuild-'));
  try {
    await bundles(folder);
    const written = fs
      .readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
    expect(written.sort()).toEqual([...SHIPPED].sort());
    for (const name of SHIPPED) {
      const again = fs.readFileSync(path.join(folder, name));
      const built = fs.readFileSync(path.join(ROOT, 'dist', name));
      expect({ name, same: again.equals(built) }).toEqual({ name, same: true });
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}, 60_000);
