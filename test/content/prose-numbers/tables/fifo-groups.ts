import { queue as q, type Entry } from '../ledger.ts';

export default [] satisfies Entry[];
