/**
 * A test file's throwaway PostgreSQL cluster (made before its tests, removed after) and the
 * servers' links to it (`PgNode`), each closed at the end.
 */
import { type NodeOptions, PgNode } from '../../src/store/postgres/node';
import { type Cluster, startPostgres } from './postgres';

export function databaseForTests(): {
  /** The cluster, once the tests run. */
  cluster(): Cluster;
  /** A new server's link to it, closed at the end of the file. */
  node(options?: Omit<NodeOptions, 'log'>): Promise<PgNode>;
} {
  let cluster: Cluster | undefined;
  const nodes: PgNode[] = [];
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close().catch(() => undefined)));
    cluster?.stop();
  });
  const started = (): Cluster => {
    if (cluster === undefined) throw new Error('the cluster is made before the tests run');
    return cluster;
  };
  return {
    cluster: started,
    async node(options = {}) {
      const node = await PgNode.open(started().url, { log: () => undefined, ...options });
      nodes.push(node);
      return node;
    },
  };
}
