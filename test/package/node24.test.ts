import { packageOnNode } from './on-node';

packageOnNode(24);
