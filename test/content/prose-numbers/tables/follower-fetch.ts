import { cluster as c, type Entry } from '../ledger.ts';

export default [
  c.fact(['{two} partitions in {three} are read', 'reads {two} partitions in {three}'], ['{две} партиции из {трёх} читаются', 'читает {две} партиции из {трёх}'], 'one leader in each of the three zones reads locally: two of three do not (the run measures it below)'),
  c.input(['{Three} brokers in {three}', 'evenly over {three} zones'], ['{Три} брокера в {трёх}', 'поровну разложены по {трём} зонам'], (s) => s.cluster['broker.rack'].length, { says: 3 }),
  c.input('; {6} partitions with', '; {6} партиций с', (s) => s.topic.partitions),
  c.input('writes {500} events', 'пишет {500} событий', (s) => s.producers[0].rate),
  c.input('of {1} KiB each', 'по {1} КиБ', (s) => s.producers[0].recordBytes / 1024),
  c.fact('{two} of which are in', null, 'two of the three leaders of the partitions it reads are in other zones'),
  c.measured('p99 about {14} ms: reading', 'p99 около {14} мс: читать', (r) => 1000 * r.consumers[0].e2e.p99!),
  c.measured('about {20.8} MB in one minute', 'около {20,8} МБ за минуту', (r) => r.consumers[0].crossRackBytes / 1e6),
  c.measured(['minute, {two thirds} of everything', 'and {two thirds} of the fetches'], ['минуту, {две трети} всего', 'и {две трети} фетчей'], (r) => r.consumers[0].crossRackBytes / (r.consumers[0].records * 1024), { says: 2 / 3, within: 0.01 }),
  c.measured('drop to {0}, and', 'зонами — {0}, и', (r) => r.consumers[0].crossRackBytes, { fix: true }),
  c.measured('rises from about {14} ms to about {36} ms', 'растёт примерно с {14} мс до {36} мс', (r, { run }) => [1000 * (run('follower-fetch').summary as { consumers: { e2e: { p99: number } }[] }).consumers[0].e2e.p99, 1000 * r.consumers[0].e2e.p99!], { fix: true, says: [14, 36], within: 0.5 }),
] satisfies Entry[];
