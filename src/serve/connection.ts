/**
 * One client's connection (docs/serve.md, "Playing over SSH"), from its first packet to its last:
 * its login, the connections an address may have logged in at once, how long it may hold a place
 * with no game, and its sessions. Nothing of the host is reachable through it.
 */
import type { Connection } from 'ssh2';
import { Login } from './auth';
import { serveSession } from './channel';
import type { Games } from './games';
import { Tally } from './limits';
import type { Listener } from './listening';
import { info, type Log, warning } from './log';
import type { ServerMetrics } from './metrics';

/** Connections logged in from one address at once, at most, in games per address. */
const LOGGED_IN_PER_GAME = 2;

/** What the connections of a server share. */
export interface ConnectionSettings {
  readonly log: Log;
  /** The server's state folder: players' folders go in `players/` under it. */
  readonly stateDir: string;
  /** How long a connection may take to log in, and may stay without a game. */
  readonly loginMs: number;
  /** How long a client that answers nothing has been silent when it is closed, in ms. */
  readonly silentMs: number;
  /** Games at once from one client address. */
  readonly maxPerAddress: number;
  readonly listener: Listener;
  readonly games: Games;
  readonly metrics: ServerMetrics;
  /** Whether the key of this fingerprint is banned (docs/serve.md, "The ban list"). */
  readonly bannedKey: (print: string) => boolean;
}

/** The server's connections: each one served, and those logged in counted by address. */
export class Connections {
  /** Connections logged in, by address. */
  private readonly loggedIn = new Tally();

  constructor(private readonly settings: ConnectionSettings) {}

  /** Serves the connection of `client`, from `address` and `port`. */
  serve(client: Connection, address: string, port: number | undefined): void {
    const { settings } = this;
    const drop = () => settings.listener.destroy(address, port);
    client.on('error', (error: Error & { level?: string }) => {
      // Otherwise the socket's end says it. A client that stopped answering cannot take a
      // polite close either: its socket goes at once, and with it the game (saved).
      if (error.level !== 'client-timeout') return;
      settings.log(
        info(`no answer for ${seconds(settings.silentMs)}: closed`, {
          address,
          event: 'no-answer',
        }),
      );
      drop();
    });
    const login = new Login({
      address,
      stateDir: settings.stateDir,
      log: settings.log,
      refused: (reason) => settings.metrics.refused(reason),
      bannedKey: settings.bannedKey,
      drop,
    });
    client.on('authentication', (ctx) => login.answer(ctx));
    client.on('ready', () => {
      settings.listener.loggedIn(address, port);
      this.admit(client, address, login, drop);
    });
    const playing = gamesOn(client, settings.loginMs);
    const link = settings.listener.link(address, port);
    const who = () => login.player;
    client.on('session', (accept) =>
      serveSession(accept(), { address, link, who, playing, games: settings.games }),
    );
    // Nothing of the host is reachable: no forwarding either way, no agent, no X11.
    client.on('tcpip', (_accept, reject) => reject());
    client.on('openssh.streamlocal', (_accept, reject) => reject());
    client.on('request', (_accept, reject) => reject?.());
  }

  /**
   * A connection just logged in. Many connections logged in from one place hold the server's
   * memory and sockets with no game to show for it: past twice the games an address may have, a
   * new one is let go.
   */
  private admit(client: Connection, address: string, login: Login, drop: () => void): void {
    const { log, maxPerAddress } = this.settings;
    const player = login.player?.kind === 'key' ? login.player.fingerprint : 'guest';
    const who = player === 'guest' ? 'a guest' : player;
    const most = maxPerAddress * LOGGED_IN_PER_GAME;
    if (this.loggedIn.of(address) >= most) {
      const fields = { address, player, event: 'refused' };
      log(warning(`${who} let go: already ${most} connections logged in from there`, fields));
      this.settings.metrics.refused('logged_in_per_address');
      drop();
      return;
    }
    const counted = this.loggedIn.add(address);
    client.once('close', counted);
    log(info(`logged in as ${who}`, { address, player, event: 'login' }));
    this.settings.metrics.loggedIn();
  }
}

/**
 * A connection's count of its games. A connection with no game holds no place for long: it has as
 * long as a login to start one (docs/serve.md, "Limits"), and as long again once its games have
 * ended.
 */
function gamesOn(client: Connection, loginMs: number): { started(): void; ended(): void } {
  let gamesHere = 0;
  let closed = false;
  let gameless: NodeJS.Timeout | null = null;
  const waitForGame = () => {
    if (gamesHere === 0 && gameless === null && !closed)
      gameless = setTimeout(() => client.end(), loginMs);
  };
  client.on('ready', waitForGame);
  client.on('close', () => {
    // A game still ending after the connection dropped arms nothing.
    closed = true;
    if (gameless !== null) clearTimeout(gameless);
    gameless = null;
  });
  return {
    started: () => {
      gamesHere++;
      if (gameless !== null) clearTimeout(gameless);
      gameless = null;
    },
    ended: () => {
      gamesHere--;
      waitForGame();
    },
  };
}

const seconds = (ms: number) => `${ms / 1000} s`;
