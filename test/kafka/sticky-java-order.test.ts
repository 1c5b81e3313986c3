import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cooperativeStickyAssign,
  stickyAssign,
  type Subscription,
  type TopicPartition,
} from '../../src/sim/model/kafka/assignors/index.ts';

/**
 * test/fixtures/sticky-java-order.json holds Kafka's own answers: a real JVM ran apache/kafka's
 * StickyAssignor and CooperativeStickyAssignor (sources unchanged, at the commit recorded in the
 * fixture) on groups of 3–12 members with model-style member ids, 1–3 topics of 1–24 partitions,
 * fresh and after members joined and left (with the previous owners' partitions and generations),
 * with equal subscriptions (ConstrainedAssignmentBuilder) and unequal ones
 * (GeneralAssignmentBuilder, also after a lopsided previous assignment), and groups with
 * conflicting ownership claims from several generations. See test/fixtures/sticky-java/README.md
 * for how it was generated and how to regenerate it.
 *
 * Each case lists the members in the JoinGroup response's order, which is the order in which
 * ConsumerCoordinator.onLeaderElected fills the java.util.HashMap the assignor iterates; our port
 * receives them in the same order.
 */
type Partitions = Record<string, number[]>;
interface Case {
  name: string;
  assignor: 'sticky' | 'cooperative-sticky';
  topics: Record<string, number>;
  members: { id: string; topics: string[]; owned?: Partitions; generation?: number }[];
  expected: Record<string, Partitions>;
}
interface Fixture {
  kafkaCommit: string;
  cases: Case[];
}
const fixture = JSON.parse(readFileSync('test/fixtures/sticky-java-order.json', 'utf8')) as Fixture;

const expand = (p: Partitions | undefined): TopicPartition[] =>
  Object.entries(p ?? {}).flatMap(([topic, ps]) => ps.map((partition) => ({ topic, partition })));

function run(c: Case): Record<string, Partitions> {
  const subs: Subscription[] = c.members.map((m) => ({
    memberId: m.id,
    topics: m.topics,
    ownedPartitions: expand(m.owned),
    generation: m.generation,
  }));
  const a = c.assignor === 'sticky' ? stickyAssign(c.topics, subs) : cooperativeStickyAssign(c.topics, subs).assignment;
  const out: Record<string, Partitions> = {};
  for (const m of c.members) {
    const mine: Partitions = {};
    for (const p of a[m.id]) (mine[p.topic] ??= []).push(p.partition);
    out[m.id] = mine;
  }
  return out;
}

/** Kafka's lists come in its own order; compare as sets. */
function normalize(a: Record<string, Partitions>): Record<string, Partitions> {
  return Object.fromEntries(
    Object.entries(a).map(([m, byTopic]) => [
      m,
      Object.fromEntries(
        Object.entries(byTopic)
          .filter(([, ps]) => ps.length > 0)
          .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
          .map(([t, ps]) => [t, [...ps].sort((x, y) => x - y)]),
      ),
    ]),
  );
}

describe('sticky assignor breaks ties in Java HashMap order (as Kafka does)', () => {
  it(`the fixture covers both assignors, both builders and membership changes (Kafka ${fixture.kafkaCommit.slice(0, 10)})`, () => {
    const kinds = new Set(fixture.cases.map((c) => `${c.assignor}/${c.name.split('/')[1].replace(/-\d+$/, '')}`));
    for (const assignor of ['sticky', 'cooperative-sticky']) {
      for (const kind of ['equal', 'one-topic', 'general', 'skewed', 'claims-equal', 'claims-general', 'older-claims']) {
        expect(kinds).toContain(`${assignor}/${kind}`);
      }
    }
    const equalSubs = (c: Case): boolean => c.members.every((m) => [...m.topics].sort().join() === [...c.members[0].topics].sort().join());
    const P = (c: Case): number => Object.values(c.topics).reduce((a, b) => a + b, 0);
    const owns = (m: Case['members'][number]): number => expand(m.owned).length;
    // fresh groups, and groups where members joined or left since the previous assignment
    expect(fixture.cases.filter((c) => c.members.every((m) => owns(m) === 0)).length).toBeGreaterThan(10);
    expect(fixture.cases.filter((c) => c.members.some((m) => owns(m) > 0) && c.members.some((m) => owns(m) === 0)).length).toBeGreaterThan(50);
    // equal subscriptions where more members own ≥ maxQuota than P % C (HashMap order picks who keeps it)
    const overQuota = fixture.cases.filter((c) => {
      const C = c.members.length;
      const maxQuota = Math.ceil(P(c) / C);
      return equalSubs(c) && c.members.filter((m) => owns(m) >= maxQuota).length > P(c) % C;
    });
    expect(overQuota.length).toBeGreaterThan(20);
    // unequal subscriptions (GeneralAssignmentBuilder)
    expect(fixture.cases.filter((c) => !equalSubs(c)).length).toBeGreaterThan(100);
    expect(Math.min(...fixture.cases.map((c) => c.members.length))).toBe(3);
    expect(Math.max(...fixture.cases.map((c) => c.members.length))).toBe(12);
  });

  it.each(fixture.cases.map((c) => [c.name, c] as const))('%s: same assignment as Kafka', (_name, c) => {
    expect(normalize(run(c))).toEqual(normalize(c.expected));
  });
});
