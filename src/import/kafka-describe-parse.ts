/**
 * The text `kafka-topics.sh --describe` and `kafka-consumer-groups.sh --describe` print, as
 * Kafka's TopicCommand and ConsumerGroupCommand write it (tools/src/main/java/org/apache/kafka/tools):
 *
 * - a topic line `Topic: orders⇥TopicId: …⇥PartitionCount: 6⇥ReplicationFactor: 3⇥Configs: a=1,b=2`
 *   and one line per partition `⇥Topic: orders⇥Partition: 0⇥Leader: 1⇥Replicas: 1,2,3⇥Isr: 1,2,3⇥Elr: ⇥LastKnownElr: `
 *   (older versions print `Topic:orders⇥PartitionCount:6…`, without the space or TopicId);
 * - a group's offsets: `GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID`
 *   (`-` for a missing value; members without partitions are left out);
 * - `--members`: `GROUP CONSUMER-ID [GROUP-INSTANCE-ID] HOST CLIENT-ID #PARTITIONS [ASSIGNMENT]`;
 * - `--state`: `GROUP COORDINATOR (ID) ASSIGNMENT-STRATEGY STATE #MEMBERS`;
 * - and the notices `Consumer group 'g' has no active members.` / `… is rebalancing.` (stderr).
 *
 * The group tables are fixed-width columns padded to their longest value: a row is cut at the
 * header's column starts, or split at blanks when pasting has collapsed the padding.
 */

export interface TopicInfo {
  name: string;
  topicId: string | null;
  partitionCount: number | null;
  replicationFactor: number | null;
  /** Configs as printed (non-default ones), in order. */
  configs: [string, string][];
  partitions: PartitionRow[];
  markedForDeletion: boolean;
}

export interface PartitionRow {
  partition: number;
  leader: string;
  replicas: number[];
  isr: number[];
  other: Record<string, string>;
}

export interface OffsetRow {
  group: string;
  topic: string;
  partition: number | null;
  current: number | null;
  logEnd: number | null;
  lag: number | null;
  consumerId: string;
  host: string;
  clientId: string;
}

export interface MemberRow {
  group: string;
  consumerId: string;
  instanceId: string;
  host: string;
  clientId: string;
  partitions: number | null;
  assignment: string;
}

export interface StateRow {
  group: string;
  coordinator: string;
  strategy: string;
  state: string;
  members: number | null;
}

export interface Described {
  topics: TopicInfo[];
  offsets: OffsetRow[];
  members: MemberRow[];
  states: StateRow[];
  /** Groups the tool said have no active members / are rebalancing. */
  empty: string[];
  rebalancing: string[];
  /** Lines that are none of these (kept to say the input was not all read). */
  unread: number;
}

const LABELS = ['Topic', 'TopicId', 'PartitionCount', 'ReplicationFactor', 'Configs', 'MarkedForDeletion', 'Partition', 'Leader', 'Replicas', 'Isr', 'Adding Replicas', 'Removing Replicas', 'Elr', 'LastKnownElr'];
const LABEL_RE = new RegExp(`(?:^|\\s)(${LABELS.join('|')}):`, 'g');

/** `Label: value` fields of a TopicCommand line, by label. */
function fields(line: string): Map<string, string> {
  const out = new Map<string, string>();
  const hits = [...line.matchAll(LABEL_RE)];
  hits.forEach((m, i) => {
    const start = m.index! + m[0].length;
    const end = i + 1 < hits.length ? hits[i + 1].index! : line.length;
    if (!out.has(m[1])) out.set(m[1], line.slice(start, end).trim());
  });
  return out;
}

const int = (s: string | undefined): number | null => (s !== undefined && /^-?\d+$/.test(s.trim()) ? Number(s.trim()) : null);
const ids = (s: string | undefined): number[] => (s ?? '').split(',').map((x) => x.trim()).filter((x) => /^\d+$/.test(x)).map(Number);

/** `a=1,cleanup.policy=compact,delete,b=2`: a value may hold commas, so a piece without '=' belongs to the one before. */
export function parseConfigs(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const piece of text.split(',')) {
    const eq = piece.indexOf('=');
    if (eq > 0 && /^[a-z][a-z0-9._-]*$/i.test(piece.slice(0, eq).trim())) out.push([piece.slice(0, eq).trim(), piece.slice(eq + 1).trim()]);
    else if (out.length > 0) out[out.length - 1][1] += `,${piece}`;
  }
  return out;
}

const OFFSETS_HEADER = ['GROUP', 'TOPIC', 'PARTITION', 'CURRENT-OFFSET', 'LOG-END-OFFSET', 'LAG', 'CONSUMER-ID', 'HOST', 'CLIENT-ID'];

/** A header's column names and where each starts; names may hold one space ("COORDINATOR (ID)"). */
function columns(header: string): { name: string; at: number }[] {
  const out: { name: string; at: number }[] = [];
  const re = /\S+(?: \(\S+\))?/g;
  for (const m of header.matchAll(re)) out.push({ name: m[0], at: m.index! });
  return out;
}

/** A row cut at the header's column starts, or null when its text does not line up with them. */
function byColumns(row: string, cols: { name: string; at: number }[]): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (let i = 0; i < cols.length; i++) {
    const at = cols[i].at;
    if (at > 0 && at < row.length && row[at - 1] !== ' ' && row[at - 1] !== '\t') return null;
    out[cols[i].name] = row.slice(at, i + 1 < cols.length ? cols[i + 1].at : undefined).trim();
  }
  return out;
}

/** Reads whatever of the two tools' output `text` holds. */
export function parseDescribe(text: string): Described {
  const out: Described = { topics: [], offsets: [], members: [], states: [], empty: [], rebalancing: [], unread: 0 };
  let table: { kind: 'offsets' | 'members' | 'state'; cols: { name: string; at: number }[] } | null = null;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/\s+$/, '');
    const trimmed = line.trim();
    if (trimmed === '') continue;
    const notice = /^(?:Warning: )?Consumer group '(.*)' (has no active members|is rebalancing)\.$/.exec(trimmed);
    if (notice) {
      (notice[2] === 'is rebalancing' ? out.rebalancing : out.empty).push(notice[1]);
      continue;
    }
    if (/^Topic:\s*\S/.test(trimmed)) {
      table = null;
      const f = fields(trimmed);
      const name = f.get('Topic') ?? '';
      if (f.has('Partition')) {
        let t = out.topics.find((x) => x.name === name);
        if (!t) out.topics.push((t = { name, topicId: null, partitionCount: null, replicationFactor: null, configs: [], partitions: [], markedForDeletion: false }));
        const other: Record<string, string> = {};
        for (const k of ['Adding Replicas', 'Removing Replicas', 'Elr', 'LastKnownElr']) if (f.has(k)) other[k] = f.get(k)!;
        t.partitions.push({ partition: int(f.get('Partition')) ?? t.partitions.length, leader: f.get('Leader') ?? '', replicas: ids(f.get('Replicas')), isr: ids(f.get('Isr')), other });
      } else {
        out.topics.push({
          name,
          topicId: f.get('TopicId') ?? null,
          partitionCount: int(f.get('PartitionCount')),
          replicationFactor: int(f.get('ReplicationFactor')),
          configs: parseConfigs(f.get('Configs') ?? ''),
          partitions: [],
          markedForDeletion: f.get('MarkedForDeletion') === 'true',
        });
      }
      continue;
    }
    if (/^GROUP\s+TOPIC\s+PARTITION\b/.test(trimmed)) {
      table = { kind: 'offsets', cols: columns(line) };
      continue;
    }
    if (/^GROUP\s+CONSUMER-ID\b/.test(trimmed)) {
      table = { kind: 'members', cols: columns(line) };
      continue;
    }
    if (/^GROUP\s+COORDINATOR \(ID\)/.test(trimmed)) {
      table = { kind: 'state', cols: columns(line) };
      continue;
    }
    if (!table) {
      out.unread++;
      continue;
    }
    const cells = byColumns(line, table.cols);
    const words = trimmed.split(/\s+/);
    if (table.kind === 'offsets') {
      // Nine columns, none with a blank (a missing value is "-"); a client id with blanks takes the rest.
      const c = cells ?? Object.fromEntries(OFFSETS_HEADER.map((h, i) => [h, i < 8 ? (words[i] ?? '') : words.slice(8).join(' ')]));
      const num = (k: string) => int(c[k]);
      if (!c.GROUP) continue;
      out.offsets.push({ group: c.GROUP, topic: c.TOPIC ?? '-', partition: num('PARTITION'), current: num('CURRENT-OFFSET'), logEnd: num('LOG-END-OFFSET'), lag: num('LAG'), consumerId: c['CONSUMER-ID'] ?? '-', host: c.HOST ?? '-', clientId: c['CLIENT-ID'] ?? '-' });
    } else if (table.kind === 'members') {
      const withInstance = table.cols.some((x) => x.name === 'GROUP-INSTANCE-ID');
      let c = cells;
      if (!c) {
        // Collapsed blanks: GROUP CONSUMER-ID [INSTANCE] HOST CLIENT-ID #PARTITIONS [ASSIGNMENT…].
        const n = withInstance ? 6 : 5;
        const names = withInstance ? ['GROUP', 'CONSUMER-ID', 'GROUP-INSTANCE-ID', 'HOST', 'CLIENT-ID', '#PARTITIONS'] : ['GROUP', 'CONSUMER-ID', 'HOST', 'CLIENT-ID', '#PARTITIONS'];
        c = Object.fromEntries(names.map((h, i) => [h, words[i] ?? '']));
        c.ASSIGNMENT = words.slice(n).join(' ');
      }
      out.members.push({ group: c.GROUP, consumerId: c['CONSUMER-ID'] ?? '', instanceId: c['GROUP-INSTANCE-ID'] ?? '', host: c.HOST ?? '', clientId: c['CLIENT-ID'] ?? '', partitions: int(c['#PARTITIONS']), assignment: c.ASSIGNMENT ?? '' });
    } else {
      let c = cells;
      if (!c) {
        const m = /^(\S+)\s+(\S+\s+\(\S+\))\s+(?:(\S+)\s+)?(\S+)\s+(\d+)$/.exec(trimmed);
        if (!m) {
          out.unread++;
          continue;
        }
        c = { GROUP: m[1], 'COORDINATOR (ID)': m[2], 'ASSIGNMENT-STRATEGY': m[3] ?? '', STATE: m[4], '#MEMBERS': m[5] };
      }
      out.states.push({ group: c.GROUP, coordinator: c['COORDINATOR (ID)'] ?? '', strategy: c['ASSIGNMENT-STRATEGY'] ?? '', state: c.STATE ?? '', members: int(c['#MEMBERS']) });
    }
  }
  return out;
}

/** Whether `text` holds either tool's output. */
export function looksLikeDescribe(text: string): boolean {
  return /^\s*Topic:\s*\S+\s+(TopicId|PartitionCount|Partition):/m.test(text) || /^\s*GROUP\s+(TOPIC\s+PARTITION|CONSUMER-ID|COORDINATOR \(ID\))/m.test(text) || /^Consumer group '.*' has no active members\.$/m.test(text);
}
