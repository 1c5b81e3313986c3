/**
 * Settings of the queue-broker model (`"model": "queue"`), as data for the shared settings panel.
 * Ranges, units and defaults come from QueueScenarioSchema; `config: true` shows the schema key,
 * which is the real name: SQS's attributes and ReceiveMessage parameters (VisibilityTimeout,
 * WaitTimeSeconds, MaxNumberOfMessages, RedrivePolicy.maxReceiveCount…) and RabbitMQ's queue
 * arguments and channel settings (x-max-priority, x-delivery-limit, basic.qos prefetch…). A
 * flavour's fields show only with that flavour (the queue's through its variant, a consumer
 * pool's through `when`). The producers are the Kafka model's, and so is their section.
 */
import { serviceFields } from '../../settings/distribution-fields.ts';
import type { FieldSpec, SettingsSection } from '../../settings/types.ts';
import { PRODUCER_SECTION, RUN_SECTION } from '../kafka/settings.ts';

const SQS = { path: 'queue.type', is: 'sqs' } as const;
const RABBIT = { path: 'queue.type', is: 'rabbitmq' } as const;

/** Kafka's producer fields, with the key explained as a queue uses it, and a message priority. */
const producerFields: readonly FieldSpec[] = [
  ...PRODUCER_SECTION.fields
    // Record size, batch size and metadata refresh are Kafka's (fetch limits, partitioner).
    .filter((f) => !['producers.0.recordBytes', 'producers.0.batch.size', 'producers.0.metadata.max.age.ms'].includes(f.path))
    .map((f) =>
      f.path === 'producers.0.keys.kind'
        ? {
            ...f,
            hint: {
              en: 'SQS FIFO: the key is the message group id (order per group, one group in flight at a time); otherwise keys do not matter to a queue',
              ru: 'SQS FIFO: ключ — message group id (порядок внутри группы, в работе одно сообщение группы); иначе очереди ключи безразличны',
            },
          }
        : f,
    ),
  {
    path: 'producers.0.priority',
    label: { en: 'Priority', ru: 'Приоритет' },
    hint: { en: 'RabbitMQ with x-max-priority: higher first (capped at x-max-priority); ignored otherwise', ru: 'RabbitMQ с x-max-priority: старшие первыми (не выше x-max-priority); иначе не учитывается' },
    config: 'priority',
  },
  {
    path: 'producers.0.recordBytes',
    label: { en: 'Message size', ru: 'Размер сообщения' },
    hint: { en: 'Body bytes: what a stored message costs the node', ru: 'Байт тела: сколько сообщение стоит узлу' },
    when: RABBIT,
  },
  {
    path: 'producers.0.routingKey',
    label: { en: 'Publishes to', ru: 'Публикует в' },
    hint: { en: 'Another queue on the node (only its publishes are modelled); empty = this one', ru: 'Другая очередь узла (моделируются лишь публикации); пусто — эта' },
    config: 'routingKey',
    when: RABBIT,
  },
  {
    path: 'producers.0.blockedTimeout',
    label: { en: 'Give up a blocked publish after', ru: 'Бросать блокированную публикацию через' },
    hint: { en: 'The application’s limit; empty = wait for the alarm to clear', ru: 'Предел приложения; пусто — ждать конца тревоги' },
    when: RABBIT,
  },
];

/** RabbitMQ's node and its resource alarms (setting any of its fields models the node). */
const nodeFields: readonly FieldSpec[] = [
  { path: 'queue.node.total_memory_available_override_value', label: { en: 'Node RAM', ru: 'RAM узла' }, hint: { en: 'Setting a node field models the node', ru: 'Любое поле узла включает его модель' }, config: true, step: 1073741824, when: RABBIT },
  { path: 'queue.node.vm_memory_high_watermark.relative', label: { en: 'Memory watermark', ru: 'Порог памяти' }, hint: { en: 'Share of RAM above which every publisher is blocked', ru: 'Доля RAM, выше которой блокируются все издатели' }, config: 'vm_memory_high_watermark.relative', step: 0.05, when: RABBIT },
  { path: 'queue.node.baseMemory', label: { en: 'Memory with empty queues', ru: 'Память при пустых очередях' }, hint: { en: 'QueueLab’s assumption', ru: 'Допущение QueueLab' }, step: 1048576, when: RABBIT },
  { path: 'queue.node.messageOverhead', label: { en: 'RAM per message besides its body', ru: 'RAM на сообщение кроме тела' }, hint: { en: 'QueueLab’s assumption', ru: 'Допущение QueueLab' }, when: RABBIT },
  { path: 'queue.node.bodiesInMemory', label: { en: 'Message bodies in RAM', ru: 'Тела сообщений в RAM' }, hint: { en: 'On: classic queues v1; off: on disk (v2, lazy, quorum)', ru: 'Вкл.: classic v1; выкл.: на диске (v2, lazy, quorum)' }, when: RABBIT },
  { path: 'queue.node.disk_free_limit.absolute', label: { en: 'Disk free limit', ru: 'Минимум свободного диска' }, hint: { en: 'Below it every publisher is blocked', ru: 'Ниже него блокируются все издатели' }, config: 'disk_free_limit.absolute', step: 1000000, when: RABBIT },
  { path: 'queue.node.diskFree', label: { en: 'Free disk at the start', ru: 'Свободный диск в начале' }, hint: { en: 'QueueLab’s assumption; empty = not modelled', ru: 'Допущение QueueLab; пусто — не моделируется' }, step: 1073741824, when: RABBIT },
];

const queueFields: readonly FieldSpec[] = [
  {
    path: 'queue.type',
    label: { en: 'Broker', ru: 'Брокер' },
    hint: { en: 'sqs = consumers pull and lease messages; rabbitmq = the broker pushes into prefetch slots, consumers ack', ru: 'sqs — консьюмеры забирают сообщения в аренду; rabbitmq — брокер сам доставляет в слоты prefetch, консьюмеры шлют ack' },
    options: { sqs: { en: 'Amazon SQS', ru: 'Amazon SQS' }, rabbitmq: { en: 'RabbitMQ', ru: 'RabbitMQ' } },
  },
  // SQS
  {
    path: 'queue.VisibilityTimeout',
    label: { en: 'Visibility timeout', ru: 'Таймаут видимости' },
    hint: { en: 'A received message is invisible this long; not deleted by then, it comes back (and may be processed twice)', ru: 'Полученное сообщение столько невидимо; не удалено за это время — возвращается (и может быть обработано дважды)' },
    config: true,
  },
  {
    path: 'queue.ReceiveMessageWaitTimeSeconds',
    label: { en: 'Long-poll wait (queue)', ru: 'Ожидание long poll (очередь)' },
    hint: { en: 'Default wait of a ReceiveMessage that finds nothing; 0 = short polling (empty answers at once)', ru: 'Ожидание ReceiveMessage по умолчанию, если сообщений нет; 0 — short polling (пустой ответ сразу)' },
    config: true,
  },
  {
    path: 'queue.DelaySeconds',
    label: { en: 'Delivery delay', ru: 'Задержка доставки' },
    hint: { en: 'Every message stays invisible this long after it is sent (a delay queue)', ru: 'Каждое сообщение невидимо столько после отправки (очередь с задержкой)' },
    config: true,
  },
  {
    path: 'queue.MessageRetentionPeriod',
    label: { en: 'Retention', ru: 'Хранение' },
    hint: { en: 'A message not deleted this long after it was sent is deleted by the queue (lost)', ru: 'Сообщение, не удалённое за это время после отправки, удаляет сама очередь (потеряно)' },
    config: true,
    step: 3600,
  },
  {
    path: 'queue.FifoQueue',
    label: { en: 'FIFO queue', ru: 'FIFO-очередь' },
    hint: { en: 'Order per message group (the producer’s key); a group with a message in flight hands out nothing else', ru: 'Порядок внутри группы (ключ продюсера); группа с сообщением в работе больше ничего не выдаёт' },
    config: true,
  },
  {
    path: 'queue.RedrivePolicy.maxReceiveCount',
    label: { en: 'Max receives before the DLQ', ru: 'Получений до DLQ' },
    hint: { en: 'A message received this many times goes to the dead-letter queue instead of a consumer', ru: 'Сообщение, полученное столько раз, уходит в dead-letter очередь, а не консьюмеру' },
    config: 'RedrivePolicy.maxReceiveCount',
  },
  // RabbitMQ
  {
    path: 'queue.x-queue-type',
    label: { en: 'Queue type', ru: 'Тип очереди' },
    hint: { en: 'quorum queues (replicated) have a delivery limit, 20 by default in RabbitMQ 4', ru: 'quorum-очереди (реплицируемые) имеют лимит доставок, по умолчанию 20 в RabbitMQ 4' },
    config: true,
  },
  {
    path: 'queue.x-max-priority',
    label: { en: 'Max priority', ru: 'Макс. приоритет' },
    hint: { en: 'A priority queue: higher priorities first; empty = plain FIFO (priorities ignored)', ru: 'Очередь с приоритетами: старшие первыми; пусто — обычная FIFO (приоритеты игнорируются)' },
    config: true,
    empty: { en: 'none', ru: 'нет' },
  },
  {
    path: 'queue.x-delivery-limit',
    label: { en: 'Delivery limit', ru: 'Лимит доставок' },
    hint: { en: 'Quorum queues: a message delivered more often is dead-lettered (or dropped without a DLX); empty = 20 for quorum', ru: 'Quorum-очереди: сообщение, доставленное чаще, уходит в DLX (или отбрасывается без него); пусто — 20 для quorum' },
    config: true,
    empty: { en: 'default', ru: 'по умолч.' },
  },
  {
    path: 'queue.x-dead-letter-exchange',
    label: { en: 'Dead-letter exchange', ru: 'Dead-letter exchange' },
    hint: { en: 'Rejected, expired and over-limit messages go to the DLQ; off = they are dropped', ru: 'Отклонённые, истёкшие и сверх лимита сообщения идут в DLQ; выкл. — отбрасываются' },
    config: true,
  },
  {
    path: 'queue.x-message-ttl',
    label: { en: 'Message TTL', ru: 'TTL сообщения' },
    hint: { en: 'A message waiting longer expires when it reaches the head (to the DLQ with a DLX)', ru: 'Сообщение, ждущее дольше, истекает, дойдя до головы (в DLQ, если есть DLX)' },
    config: true,
    empty: { en: 'none', ru: 'нет' },
    step: 1000,
  },
  {
    path: 'queue.retry.x-message-ttl',
    label: { en: 'Retry delay', ru: 'Задержка повтора' },
    hint: { en: 'A rejected message waits this long in the retry queue, then comes back', ru: 'Отклонённое сообщение ждёт столько в очереди повторов и возвращается' },
    config: '{queue.name}.retry x-message-ttl',
    step: 1000,
  },
  {
    path: 'queue.retry.maxAttempts',
    label: { en: 'Attempts before the DLQ', ru: 'Попыток до DLQ' },
    hint: { en: 'After this many deliveries a rejected message goes to the DLQ instead', ru: 'После стольких доставок отклонённое сообщение уходит в DLQ' },
    config: 'retry.maxAttempts',
  },
  { path: 'queue.x-max-length', label: { en: 'Max length', ru: 'Макс. длина' }, hint: { en: 'Ready messages kept at most; empty = no limit', ru: 'Сколько готовых сообщений держать; пусто — без лимита' }, config: true, step: 1000 },
  { path: 'queue.x-overflow', label: { en: 'At max length', ru: 'При макс. длине' }, hint: { en: 'Drop the oldest, or refuse the new one (basic.nack)', ru: 'Сбросить старейшее или отказать новому (basic.nack)' }, config: true },
  {
    path: 'queue.consumer_timeout',
    label: { en: 'Consumer timeout', ru: 'Таймаут консьюмера' },
    hint: { en: 'A delivery unacked longer closes the consumer’s channel: its deliveries are requeued', ru: 'Доставка без ack дольше этого закрывает канал консьюмера: его доставки возвращаются в очередь' },
    config: true,
    step: 60000,
  },
];

const poolFields: readonly FieldSpec[] = [
  {
    path: 'consumers.{i}.count',
    label: { en: 'Consumers', ru: 'Консьюмеры' },
    hint: { en: 'Identical consumers in the pool; they compete for the same messages (no partitions to share out)', ru: 'Одинаковые консьюмеры пула; конкурируют за одни и те же сообщения (делить партиции не нужно)' },
    unit: { en: 'consumers', ru: 'консьюмеров' },
  },
  ...serviceFields('consumers.{i}.processing.time', {
    type: { label: { en: 'Processing time distribution', ru: 'Распределение времени обработки' }, hint: { en: 'How the handler’s time per message varies', ru: 'Как меняется время обработки одного сообщения' } },
    mean: {
      label: { en: 'Processing time', ru: 'Время обработки' },
      hint: { en: 'Mean handler time per message (the service time 1/μ)', ru: 'Среднее время обработки сообщения (время обслуживания 1/μ)' },
      unit: { en: 's per message', ru: 'с на сообщение' },
      step: 0.001,
    },
  }),
  {
    path: 'consumers.{i}.MaxNumberOfMessages',
    label: { en: 'Messages per receive', ru: 'Сообщений за receive' },
    hint: { en: 'ReceiveMessage batch (1–10): a batch is leased at once and processed one by one', ru: 'Пачка ReceiveMessage (1–10): арендуется целиком и обрабатывается по одному' },
    config: true,
    when: SQS,
  },
  {
    path: 'consumers.{i}.WaitTimeSeconds',
    label: { en: 'Long-poll wait', ru: 'Ожидание long poll' },
    hint: { en: 'ReceiveMessage WaitTimeSeconds; empty = the queue’s default; 0 = short polling', ru: 'WaitTimeSeconds у ReceiveMessage; пусто — значение очереди; 0 — short polling' },
    config: true,
    empty: { en: 'queue’s', ru: 'как у очереди' },
    when: SQS,
  },
  {
    path: 'consumers.{i}.heartbeat.every',
    label: { en: 'Extend the lease every', ru: 'Продлевать аренду каждые' },
    hint: { en: 'While processing, call ChangeMessageVisibility this often', ru: 'Во время обработки вызывать ChangeMessageVisibility так часто' },
    config: 'heartbeat.every',
    when: SQS,
  },
  {
    path: 'consumers.{i}.heartbeat.VisibilityTimeout',
    label: { en: 'Extend to', ru: 'Продлевать до' },
    hint: { en: 'Each ChangeMessageVisibility makes the message invisible this long from now', ru: 'Каждый ChangeMessageVisibility делает сообщение невидимым на столько от текущего момента' },
    config: 'ChangeMessageVisibility VisibilityTimeout',
    when: SQS,
  },
  {
    path: 'consumers.{i}.prefetch',
    label: { en: 'Prefetch', ru: 'Prefetch' },
    hint: { en: 'basic.qos: unacked deliveries a consumer may hold; 0 = unlimited. About round trip ÷ processing time keeps it busy without hoarding', ru: 'basic.qos: сколько доставок без ack может держать консьюмер; 0 — без предела. Около «круговая задержка ÷ время обработки» — занят, но не копит' },
    config: 'basic.qos prefetch_count',
    when: RABBIT,
  },
  {
    path: 'consumers.{i}.onFailure',
    label: { en: 'When the handler fails', ru: 'Когда обработчик падает' },
    hint: {
      en: 'retry: SQS leaves it to come back after the lease, RabbitMQ nacks with requeue; requeue: back at once; reject: RabbitMQ dead-letters it (or to the retry queue)',
      ru: 'retry: SQS ждёт конца аренды, RabbitMQ делает nack с requeue; requeue: сразу обратно; reject: RabbitMQ отправляет в DLX (или в очередь повторов)',
    },
    config: 'onFailure',
  },
  {
    path: 'consumers.{i}.processing.failureRate',
    label: { en: 'Transient failure rate', ru: 'Доля временных сбоев' },
    hint: { en: 'Probability that an attempt fails (a downstream timeout)', ru: 'Вероятность, что попытка упадёт (таймаут внешнего сервиса)' },
    config: 'processing.failureRate',
    unit: { en: 'per attempt', ru: 'на попытку' },
    step: 0.01,
  },
  {
    path: 'consumers.{i}.processing.idempotent',
    label: { en: 'Idempotent handler', ru: 'Идемпотентный обработчик' },
    hint: { en: 'A message processed twice has one effect: duplicates stop doing harm', ru: 'Сообщение, обработанное дважды, даёт один эффект: дубли перестают вредить' },
    config: 'processing.idempotent',
  },
  {
    path: 'consumers.{i}.restartAfter',
    label: { en: 'Restart a crashed consumer after', ru: 'Перезапуск упавшего консьюмера через' },
    hint: { en: 'A supervisor restarts it; empty = never', ru: 'Его перезапускает супервизор; пусто — никогда' },
    config: 'restartAfter',
    empty: { en: 'never', ru: 'никогда' },
  },
];

export const QUEUE_SETTINGS: readonly SettingsSection[] = [
  { ...PRODUCER_SECTION, fields: producerFields },
  // RabbitMQ's node follows the queue's own fields (a section of its own would be empty for SQS).
  { id: 'queue', title: { en: 'Queue', ru: 'Очередь' }, code: 'queue.name', fields: [...queueFields, ...nodeFields] },
  { id: 'pool', each: 'consumers', title: { en: 'Consumer pool', ru: 'Пул консьюмеров' }, code: 'consumers.{i}.name', fields: poolFields },
  {
    id: 'timing',
    title: { en: 'Network', ru: 'Сеть' },
    fields: [
      {
        path: 'timing.rtt.ms',
        label: { en: 'Round trip', ru: 'Круговая задержка' },
        hint: { en: 'Client–broker round trip (not a broker setting): every receive, delete, delivery and ack takes it', ru: 'Круговая задержка клиент–брокер (не настройка брокера): её тратит каждый receive, delete, доставка и ack' },
        config: 'rtt.ms',
      },
    ],
  },
  RUN_SECTION,
];
