/**
 * Settings of the cluster model (`"model": "cluster"`), as data for the shared settings panel.
 * Ranges, units and defaults come from ClusterScenarioSchema; `config: true` shows the schema key,
 * which is Kafka's config name (replica.lag.time.max.ms, min.insync.replicas, acks,
 * enable.idempotence, processing.guarantee, isolation.level, fetch.max.bytes…). Sections: cluster, topic,
 * producer, processor (when the scenario has one), consumers, network, run.
 */
import { serviceFields } from '../../settings/distribution-fields.ts';
import type { FieldSpec, SettingsSection } from '../../settings/types.ts';
import { PRODUCER_SECTION, RUN_SECTION } from '../kafka/settings.ts';

const clusterFields: readonly FieldSpec[] = [
  {
    path: 'cluster.brokers',
    label: { en: 'Brokers', ru: 'Брокеры' },
    hint: { en: 'Brokers in the cluster, ids 1…N; replicas of a partition go to different brokers', ru: 'Брокеров в кластере, id 1…N; реплики партиции лежат на разных брокерах' },
    unit: { en: 'brokers', ru: 'брокеров' },
  },
  {
    path: 'cluster.broker.rack',
    label: { en: 'Broker racks', ru: 'Стойки брокеров' },
    hint: {
      en: 'broker.rack of broker 1, 2, … separated by commas, cycled when shorter (a, b, c on 6 brokers: 1 and 4 in a); replicas of a partition are spread over racks; empty = no racks',
      ru: 'broker.rack брокеров 1, 2, … через запятую, по кругу, если их меньше (a, b, c на 6 брокерах: 1 и 4 в a); реплики партиции разносятся по стойкам; пусто — без стоек',
    },
    config: 'broker.rack',
    empty: { en: 'no racks', ru: 'без стоек' },
  },
  {
    path: 'cluster.replica.lag.time.max.ms',
    label: { en: 'Replica lag limit', ru: 'Предел отставания реплики' },
    hint: { en: 'A follower not caught up with the leader’s log end for this long leaves the ISR', ru: 'Фолловер, не догнавший конец лога лидера за это время, выходит из ISR' },
    config: true,
    step: 1000,
  },
  {
    path: 'cluster.replica.fetch.wait.max.ms',
    label: { en: 'Follower fetch wait', ru: 'Ожидание fetch фолловера' },
    hint: { en: 'A follower’s fetch waits at the leader up to this long for new records', ru: 'Fetch фолловера ждёт у лидера новых записей до этого времени' },
    config: true,
    step: 100,
  },
  {
    path: 'cluster.replica.selector.class',
    label: { en: 'Replica selector', ru: 'Выбор реплики для чтения' },
    hint: { en: 'leader: consumers read from the leader; rack-aware: a consumer with client.rack reads from a replica in its rack (follower fetching)', ru: 'leader — консьюмеры читают с лидера; rack-aware — консьюмер с client.rack читает с реплики в своей стойке (follower fetching)' },
    config: 'replica.selector.class',
    options: { leader: { en: 'leader (default)', ru: 'leader (по умолчанию)' }, 'rack-aware': { en: 'RackAwareReplicaSelector', ru: 'RackAwareReplicaSelector' } },
  },
  {
    path: 'cluster.auto.leader.rebalance.enable',
    label: { en: 'Move leaders back', ru: 'Возвращать лидеров' },
    hint: { en: 'Leadership moves back to each partition’s preferred replica once it is in the ISR again', ru: 'Лидерство возвращается к предпочтительной реплике, когда она снова в ISR' },
    config: true,
  },
  {
    path: 'cluster.controller.mode',
    label: { en: 'Controller', ru: 'Контроллер' },
    hint: { en: 'KRaft: a quorum notices a dead broker after broker.session.timeout.ms; ZooKeeper: after the session timeout, and a new controller first loads every partition', ru: 'KRaft — кворум замечает упавший брокер через broker.session.timeout.ms; ZooKeeper — через таймаут сессии, и новый контроллер сначала загружает все партиции' },
    config: 'controller mode',
    options: { kraft: { en: 'KRaft', ru: 'KRaft' }, zookeeper: { en: 'ZooKeeper', ru: 'ZooKeeper' } },
  },
  {
    path: 'cluster.controller.broker.session.timeout.ms',
    label: { en: 'Broker session timeout', ru: 'Таймаут сессии брокера' },
    hint: { en: 'KRaft: a broker without a heartbeat this long is fenced and its partitions get new leaders', ru: 'KRaft: брокер без heartbeat столько времени отстраняется, его партиции получают новых лидеров' },
    config: true,
    step: 1000,
    when: { path: 'cluster.controller.mode', is: 'kraft' },
  },
  {
    path: 'cluster.controller.zookeeper.session.timeout.ms',
    label: { en: 'ZooKeeper session timeout', ru: 'Таймаут сессии ZooKeeper' },
    hint: { en: 'ZooKeeper: a dead broker’s znode expires after this long', ru: 'ZooKeeper: znode упавшего брокера истекает через это время' },
    config: true,
    step: 1000,
    when: { path: 'cluster.controller.mode', is: 'zookeeper' },
  },
  {
    path: 'cluster.num.io.threads',
    label: { en: 'Request handler threads', ru: 'Потоки-обработчики запросов' },
    hint: { en: 'num.io.threads per broker: each produce request holds one for its cost (only with a request cost set under Network)', ru: 'num.io.threads на брокер: каждый запрос produce занимает поток на своё время (только если в разделе «Сеть» задана цена запроса)' },
    config: true,
  },
  {
    path: 'cluster.queued.max.requests',
    label: { en: 'Request queue', ru: 'Очередь запросов' },
    hint: { en: 'queued.max.requests: when the queue is full the network threads stop reading, and requests wait unread', ru: 'queued.max.requests: когда очередь полна, сетевые потоки перестают читать, и запросы ждут непрочитанными' },
    config: true,
  },
];

const topicFields: readonly FieldSpec[] = [
  {
    path: 'topic.partitions',
    label: { en: 'Partitions', ru: 'Партиции' },
    hint: { en: 'Partitions of the topic; each has a leader and followers', ru: 'Партиций в топике; у каждой лидер и фолловеры' },
    config: true,
  },
  {
    path: 'topic.replication.factor',
    label: { en: 'Replication factor', ru: 'Фактор репликации' },
    hint: { en: 'Copies of each partition, on different brokers (at most the broker count)', ru: 'Копий каждой партиции на разных брокерах (не больше числа брокеров)' },
    config: true,
    unit: { en: 'replicas', ru: 'реплик' },
  },
  {
    path: 'topic.min.insync.replicas',
    label: { en: 'Min in-sync replicas', ru: 'Мин. реплик в ISR' },
    hint: { en: 'With acks=all a write is refused (NOT_ENOUGH_REPLICAS) while the ISR is smaller: 2 of 3 survives one failure without loss', ru: 'При acks=all запись отклоняется (NOT_ENOUGH_REPLICAS), пока ISR меньше: 2 из 3 переживает один сбой без потерь' },
    config: true,
  },
  {
    path: 'topic.unclean.leader.election.enable',
    label: { en: 'Unclean leader election', ru: 'Нечистые выборы лидера' },
    hint: { en: 'When no ISR replica is alive, elect an out-of-sync one: the partition comes back, what it lacked is lost', ru: 'Если живых реплик из ISR нет — выбрать отставшую: партиция доступна, но то, чего у неё не было, потеряно' },
    config: true,
  },
];

/** Kafka's producer fields that a cluster producer has (rate, keys, profile, arrivals, sizes), then the write path. */
const producerFields: readonly FieldSpec[] = [
  ...PRODUCER_SECTION.fields.filter((f) => f.path !== 'producers.0.metadata.max.age.ms'),
  {
    path: 'producers.0.acks',
    label: { en: 'Acks', ru: 'Acks' },
    hint: { en: '0: no response awaited; 1: the leader’s append; all: every replica in the ISR (the default since Kafka 3.0)', ru: '0 — ответа не ждать; 1 — запись у лидера; all — у всех реплик ISR (по умолчанию с Kafka 3.0)' },
    config: true,
  },
  {
    path: 'producers.0.enable.idempotence',
    label: { en: 'Idempotence', ru: 'Идемпотентность' },
    hint: { en: 'A retried batch already in the log is not written again. Not set: on unless acks ≠ all or retries is 0; with more than 5 in flight it must be off (Kafka 4 refuses it otherwise)', ru: 'Повторённая пачка, уже записанная в лог, не пишется снова. Не задано: включена, если acks = all и retries > 0; при больше чем 5 в полёте должна быть выключена (иначе Kafka 4 отказывает)' },
    config: true,
  },
  {
    path: 'producers.0.retries',
    label: { en: 'Retries', ru: 'Повторы' },
    hint: { en: 'Retriable errors are retried this many times (within delivery.timeout.ms)', ru: 'Сколько раз повторять при повторяемых ошибках (в пределах delivery.timeout.ms)' },
    config: true,
  },
  {
    path: 'producers.0.retry.backoff.ms',
    label: { en: 'Retry backoff', ru: 'Пауза перед повтором' },
    hint: { en: 'Wait before a retry', ru: 'Ожидание перед повтором' },
    config: true,
  },
  {
    path: 'producers.0.delivery.timeout.ms',
    label: { en: 'Delivery timeout', ru: 'Таймаут доставки' },
    hint: { en: 'A record not acknowledged this long after send() fails with TimeoutException', ru: 'Запись, не подтверждённая за это время после send(), завершается TimeoutException' },
    config: true,
    step: 1000,
  },
  {
    path: 'producers.0.request.timeout.ms',
    label: { en: 'Request timeout', ru: 'Таймаут запроса' },
    hint: { en: 'A produce request without a response this long is retried', ru: 'Запрос на запись без ответа столько времени повторяется' },
    config: true,
    step: 1000,
  },
  {
    path: 'producers.0.max.in.flight.requests.per.connection',
    label: { en: 'Max in flight', ru: 'Макс. запросов в полёте' },
    hint: { en: 'Produce requests on the way at once; more than 5 only with idempotence off (Kafka 4 refuses it otherwise)', ru: 'Запросов на запись в пути одновременно; больше 5 — только с выключенной идемпотентностью (иначе Kafka 4 отказывает)' },
    config: true,
  },
  {
    path: 'producers.0.linger.ms',
    label: { en: 'Linger', ru: 'Ожидание пачки' },
    hint: { en: 'A batch waits this long for more records before it is sent', ru: 'Пачка ждёт столько времени других записей перед отправкой' },
    config: true,
  },
  {
    path: 'producers.0.buffer.memory',
    label: { en: 'Buffer memory', ru: 'Память буфера' },
    hint: { en: 'Bytes for batches waiting to be sent and acknowledged: each new batch takes batch.size until it is done; when none is left, send() blocks', ru: 'Байты под батчи, ждущие отправки и подтверждения: новый батч берёт batch.size до завершения; когда память кончилась, send() блокируется' },
    config: true,
    step: 1_048_576,
  },
  {
    path: 'producers.0.max.block.ms',
    label: { en: 'Max block', ru: 'Макс. блокировка' },
    hint: { en: 'How long send() waits for buffer memory before it fails with BufferExhaustedException; 0 = fail at once', ru: 'Сколько send() ждёт памяти буфера, прежде чем упасть с BufferExhaustedException; 0 — сразу' },
    config: true,
    step: 1000,
  },
  {
    path: 'producers.0.front.timeout.ms',
    label: { en: 'Gateway timeout', ru: 'Таймаут шлюза' },
    hint: { en: 'QueueLab’s web front: the load balancer answers 504 when the request’s handler (blocked in send()) has not answered within this time', ru: 'Веб-фронт QueueLab: балансировщик отвечает 504, если обработчик запроса (ждущий в send()) не ответил за это время' },
    config: 'timeout.ms',
    step: 1000,
  },
  {
    path: 'producers.0.front.respond',
    label: { en: 'Handler answers', ru: 'Ответ обработчика' },
    hint: { en: 'after-send: 200 once send() returned, 503 when it failed; accept-and-shed: 202 either way, a record send() refused is dropped and counted', ru: 'after-send — 200, когда send() вернулся, 503, если он упал; accept-and-shed — 202 в любом случае, запись, которой send() отказал, выбрасывается и учитывается' },
    config: 'respond',
    options: { 'after-send': { en: 'after send(): 200 / 503', ru: 'после send(): 200 / 503' }, 'accept-and-shed': { en: '202, shed when refused', ru: '202, сброс при отказе' } },
  },
  {
    path: 'producers.0.compression.type',
    label: { en: 'Compression', ru: 'Сжатие' },
    hint: { en: 'Codec of the batches: fewer bytes on the wire and in the log (by the assumed ratio), for producer CPU; batch.size counts compressed bytes', ru: 'Кодек батчей: меньше байт в сети и в логе (по принятому коэффициенту) ценой CPU продюсера; batch.size считает сжатые байты' },
    config: true,
  },
  {
    path: 'producers.0.compressionRatio',
    label: { en: 'Compression ratio', ru: 'Коэффициент сжатия' },
    hint: { en: 'QueueLab’s assumption: compressed size ÷ original size; empty = the codec’s (gzip 0.3, snappy 0.5, lz4 0.45, zstd 0.28)', ru: 'Допущение QueueLab: сжатый размер ÷ исходный; пусто — как у кодека (gzip 0,3, snappy 0,5, lz4 0,45, zstd 0,28)' },
    config: 'compressionRatio',
    empty: { en: 'codec’s', ru: 'как у кодека' },
  },
  {
    path: 'producers.0.client.rack',
    label: { en: 'Producer rack', ru: 'Стойка продюсера' },
    hint: { en: 'client.rack of the producer’s host: only decides which links are cross-rack; empty = none', ru: 'client.rack хоста продюсера: определяет лишь, какие связи между стойками; пусто — нет' },
    config: 'client.rack',
    empty: { en: 'none', ru: 'нет' },
  },
];

const processorFields: readonly FieldSpec[] = [
  {
    path: 'processor.processing.guarantee',
    label: { en: 'Processing guarantee', ru: 'Гарантия обработки' },
    hint: { en: 'at_least_once: outputs first, offsets committed later (a crash re-processes); exactly_once_v2: outputs and offsets in one transaction', ru: 'at_least_once — сначала выход, смещения позже (падение — повторная обработка); exactly_once_v2 — выход и смещения в одной транзакции' },
    config: true,
  },
  {
    path: 'processor.commit.interval.ms',
    label: { en: 'Commit interval', ru: 'Интервал коммита' },
    hint: { en: 'How often offsets are committed (and, with exactly_once_v2, a transaction ends)', ru: 'Как часто коммитятся смещения (и при exactly_once_v2 завершается транзакция)' },
    config: true,
  },
  ...serviceFields(
    'processor.processing.time',
    {
      type: { label: { en: 'Processing time distribution', ru: 'Распределение времени обработки' }, hint: { en: 'How the time per record varies', ru: 'Как меняется время обработки записи' } },
      mean: {
        label: { en: 'Processing time', ru: 'Время обработки' },
        hint: { en: 'Mean time per record', ru: 'Среднее время на запись' },
        unit: { en: 's per record', ru: 'с на запись' },
        step: 0.001,
      },
    },
    'processing.time',
  ),
  {
    path: 'processor.transaction.timeout.ms',
    label: { en: 'Transaction timeout', ru: 'Таймаут транзакции' },
    hint: { en: 'An open transaction of a dead processor is aborted after this long (or when it restarts)', ru: 'Открытая транзакция упавшего процессора отменяется через это время (или при его перезапуске)' },
    config: true,
    step: 1000,
  },
  {
    path: 'processor.restartAfter',
    label: { en: 'Restart a crashed processor after', ru: 'Перезапуск упавшего процессора через' },
    hint: { en: 'A supervisor restarts it; empty = never', ru: 'Его перезапускает супервизор; пусто — никогда' },
    config: 'restartAfter',
    empty: { en: 'never', ru: 'никогда' },
  },
];

const consumerFields: readonly FieldSpec[] = [
  {
    path: 'consumers.{i}.reads',
    label: { en: 'Reads', ru: 'Читает' },
    hint: { en: 'topic: the producers’ topic; output: the processor’s <topic>-out', ru: 'topic — топик продюсеров; output — выходной <topic>-out процессора' },
    config: 'reads',
  },
  {
    path: 'consumers.{i}.isolation.level',
    label: { en: 'Isolation level', ru: 'Уровень изоляции' },
    hint: { en: 'read_committed stops at the last stable offset and skips aborted transactions; read_uncommitted reads up to the high watermark', ru: 'read_committed останавливается на LSO и пропускает отменённые транзакции; read_uncommitted читает до high watermark' },
    config: true,
  },
  {
    path: 'consumers.{i}.client.rack',
    label: { en: 'Consumer rack', ru: 'Стойка консьюмера' },
    hint: { en: 'With the rack-aware replica selector, the consumer reads from a replica in this rack; empty = the leader', ru: 'С rack-aware выбором реплики консьюмер читает с реплики в этой стойке; пусто — с лидера' },
    config: 'client.rack',
    empty: { en: 'none', ru: 'нет' },
  },
  {
    path: 'consumers.{i}.fetch.max.wait.ms',
    label: { en: 'Fetch wait', ru: 'Ожидание fetch' },
    hint: { en: 'A fetch waits at the broker up to this long for new records', ru: 'Fetch ждёт у брокера новых записей до этого времени' },
    config: true,
    step: 100,
  },
  {
    path: 'consumers.{i}.max.partition.fetch.bytes',
    label: { en: 'Fetch per partition', ru: 'Выборка на партицию' },
    hint: { en: 'Most bytes one fetch brings for one partition (at least one record)', ru: 'Максимум байт одной выборки для одной партиции (хотя бы одна запись)' },
    config: true,
    step: 1024,
  },
  {
    path: 'consumers.{i}.fetch.max.bytes',
    label: { en: 'Fetch in all', ru: 'Выборка всего' },
    hint: { en: 'Most bytes one fetch response brings over the partitions it asks one broker for (at least one record); the next starts where it stopped', ru: 'Максимум байт в одном ответе по партициям, запрошенным у одного брокера (хотя бы одна запись); следующий начинается там, где он остановился' },
    config: true,
    step: 1024,
  },
];

export const CLUSTER_SETTINGS: readonly SettingsSection[] = [
  { id: 'cluster', title: { en: 'Cluster', ru: 'Кластер' }, fields: clusterFields },
  { id: 'topic', title: { en: 'Topic', ru: 'Топик' }, code: 'topic.name', fields: topicFields },
  { ...PRODUCER_SECTION, fields: producerFields },
  { id: 'processor', title: { en: 'Processor', ru: 'Процессор' }, code: 'processor.name', fields: processorFields },
  { id: 'consumer', each: 'consumers', title: { en: 'Consumer', ru: 'Консьюмер' }, code: 'consumers.{i}.name', fields: consumerFields },
  {
    id: 'timing',
    title: { en: 'Network', ru: 'Сеть' },
    fields: [
      {
        path: 'timing.rtt.ms',
        label: { en: 'Round trip', ru: 'Круговая задержка' },
        hint: { en: 'Round trip within a rack (not a Kafka setting): every produce, fetch and response takes half of it each way', ru: 'Круговая задержка внутри стойки (не настройка Kafka): запись, fetch и ответ тратят по половине в каждую сторону' },
        config: 'rtt.ms',
      },
      {
        path: 'timing.cross-rack.rtt.ms',
        label: { en: 'Cross-rack round trip', ru: 'Круговая задержка между стойками' },
        hint: { en: 'Round trip between racks', ru: 'Круговая задержка между стойками' },
        config: 'cross-rack.rtt.ms',
      },
      {
        path: 'timing.append.ms',
        label: { en: 'Append time', ru: 'Время записи' },
        hint: { en: 'A broker’s time to append one request', ru: 'Время брокера на запись одного запроса' },
        config: 'append.ms',
      },
      {
        path: 'timing.request.ms',
        label: { en: 'Handler time per request', ru: 'Время обработчика на запрос' },
        hint: { en: 'QueueLab’s assumption: a request handler thread’s time per produce request, whatever its size; empty (with the per-MiB time empty too) = requests cost the handlers nothing', ru: 'Допущение QueueLab: время потока-обработчика на один запрос produce, независимо от размера; пусто (и время на МиБ тоже пусто) — запросы обработчикам ничего не стоят' },
        config: 'request.ms',
        empty: { en: 'free', ru: 'бесплатно' },
      },
      {
        path: 'timing.request.ms.per.MiB',
        label: { en: 'Handler time per MiB', ru: 'Время обработчика на МиБ' },
        hint: { en: 'QueueLab’s assumption: a request handler thread’s time per MiB of (compressed) batch, copying it into the log', ru: 'Допущение QueueLab: время потока-обработчика на МиБ (сжатого) батча — его копирование в лог' },
        config: 'request.ms.per.MiB',
        empty: { en: 'free', ru: 'бесплатно' },
      },
    ],
  },
  RUN_SECTION,
];
