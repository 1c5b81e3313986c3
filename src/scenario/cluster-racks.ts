/**
 * A cluster scenario's clients whose `client.rack` no broker is in. Its own module, with no imports,
 * so the page's cluster panels can use it without pulling the validation into their chunk.
 */
import type { ClusterScenario } from './schema.ts';

/**
 * The clients whose `client.rack` no broker is in (every set one while the brokers have no racks):
 * accepted, as Kafka accepts them, and said — the page warns, the CLI prints a note.
 */
export function unmatchedRacks(s: Pick<ClusterScenario, 'cluster' | 'producers' | 'consumers'>): { path: string; name: string; rack: string }[] {
  const known = new Set(s.cluster['broker.rack']);
  const out: { path: string; name: string; rack: string }[] = [];
  const check = (rack: string | null, path: string, name: string) => {
    if (rack !== null && !known.has(rack)) out.push({ path, name, rack });
  };
  s.producers.forEach((p, i) => check(p['client.rack'], `producers.${i}.client.rack`, p.name));
  s.consumers.forEach((x, i) => check(x['client.rack'], `consumers.${i}.client.rack`, x.name));
  return out;
}

