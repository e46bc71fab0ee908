import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  dataDir,
  dataProblem,
  folderAsHome,
  folderProblem,
  localPlaces,
  playerPlaces,
  stateDir,
  stateProblem,
} from '../../src/store/paths';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));
function tempRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spider-paths-'));
  roots.push(root);
  return root;
}

describe('a home that is not one', () => {
  it.each([[''], ['relative/home'], ['.']])(
    'HOME=%j gives no place for saves or statistics',
    (home) => {
      expect(stateProblem({ HOME: home })).toMatch(
        /there is no home folder: HOME is '.*', not an absolute path/,
      );
      expect(dataProblem({ HOME: home })).toMatch(/there is no home folder/);
      expect(path.isAbsolute(stateDir({ HOME: home }))).toBe(true);
    },
  );

  it('absolute XDG folders need no home', () => {
    const root = tempRoot();
    expect(stateProblem({ HOME: '', XDG_STATE_HOME: path.join(root, 's') })).toBeNull();
    expect(dataProblem({ HOME: '', XDG_DATA_HOME: path.join(root, 'd') })).toBeNull();
  });

  it('an absolute HOME is used', () => {
    const root = tempRoot();
    expect(stateProblem({ HOME: root })).toBeNull();
    expect(stateDir({ HOME: root })).toBe(path.join(root, '.local', 'state', 'spider'));
  });
});

describe('folders others could change', () => {
  it('a folder writable by others is not trusted', () => {
    const dir = path.join(tempRoot(), 'spider');
    fs.mkdirSync(dir);
    fs.chmodSync(dir, 0o777);
    expect(folderProblem(dir)).toMatch(/other users can write to .* \(mode 777\)/);
    fs.chmodSync(dir, 0o700);
    expect(folderProblem(dir)).toBeNull();
  });

  it('a symbolic link where the folder should be is not trusted', () => {
    const root = tempRoot();
    fs.mkdirSync(path.join(root, 'elsewhere'), { mode: 0o700 });
    fs.symlinkSync(path.join(root, 'elsewhere'), path.join(root, 'spider'));
    expect(folderProblem(path.join(root, 'spider'))).toBe(
      `${path.join(root, 'spider')} is a symbolic link; it is not used until it is a folder of your own`,
    );
  });

  it("another user's folder is not trusted, and chmod is not offered as the mend", () => {
    const dir = path.join(tempRoot(), 'spider');
    fs.mkdirSync(dir, { mode: 0o700 });
    const owner = fs.statSync(dir).uid;
    expect(folderProblem(dir, owner)).toBeNull();
    expect(folderProblem(dir, owner + 1)).toBe(
      `${dir} belongs to another user; it is not used until it is yours alone (owned by you, mode 700)`,
    );
  });

  it('a folder that does not exist yet is fine: the game makes it, mode 0700', () => {
    expect(folderProblem(path.join(tempRoot(), 'not-yet'))).toBeNull();
  });

  it('the saves in a folder others can write to are not read', () => {
    const root = tempRoot();
    const games = path.join(root, 'spider', 'games');
    fs.mkdirSync(games, { recursive: true, mode: 0o700 });
    fs.chmodSync(path.join(root, 'spider'), 0o777);
    expect(stateProblem({ XDG_STATE_HOME: root })).toMatch(/other users can write/);
  });
});

describe('places', () => {
  it("the local player's places are the XDG folders, with the same problems", () => {
    const root = tempRoot();
    const env = { HOME: root, XDG_DATA_HOME: path.join(root, 'd') };
    const places = localPlaces(env);
    expect(places.state).toBe(stateDir(env));
    expect(places.data).toBe(dataDir(env));
    expect(places.data).toBe(path.join(root, 'd', 'spider'));
    expect(places.stateProblem()).toBeNull();
    expect(localPlaces({ HOME: '' }).stateProblem()).toBe(stateProblem({ HOME: '' }));
    expect(localPlaces({ HOME: '' }).dataProblem()).toBe(dataProblem({ HOME: '' }));
  });

  it("a player's folder holds both, and is checked as the game's own folders are", () => {
    const folder = path.join(tempRoot(), 'players', 'SHA256-abc');
    const places = playerPlaces(folder);
    expect([places.state, places.data]).toEqual([folder, folder]);
    expect(places.stateProblem()).toBeNull(); // not there yet: made on the first save
    fs.mkdirSync(folder, { recursive: true });
    fs.chmodSync(folder, 0o777);
    expect(places.stateProblem()).toMatch(/other users can write to .* \(mode 777\)/);
    expect(places.dataProblem()).toBe(places.stateProblem());
    expect(playerPlaces('players/x').stateProblem()).toBe('players/x is not an absolute path');
    // Its messages name the folder ~, for a player who cannot reach the host's paths.
    expect(places.shown?.(places.stateProblem() ?? '')).toMatch(/other users can write to ~ /);
    expect(localPlaces({ HOME: '/h' }).shown).toBeUndefined();
  });

  it('a folder written ~ is the folder itself or a file in it, never a longer name', () => {
    const folder = '/srv/spider/players/a.b+c';
    expect(folderAsHome(`can't write (${folder}/games/x.json)`, folder)).toBe(
      "can't write (~/games/x.json)",
    );
    expect(folderAsHome(`${folder} is full; ${folder}/records too`, folder)).toBe(
      '~ is full; ~/records too',
    );
    expect(folderAsHome(`${folder}/`, `${folder}/`)).toBe('~/');
    for (const other of [
      `${folder}d/games`,
      `${folder}.old`,
      `${folder}+x`,
      '/srv/spider/players/aXb+c',
      `/mnt${folder}/games`,
      `.${folder}`,
    ])
      expect(folderAsHome(other, folder)).toBe(other);
  });
});
