/**
 * Settings of the Kafka model (`"model": "kafka"`), as data for the shared settings panel
 * (src/app/shell/SettingsPanel.svelte): everything the former hand-written dialog edited, plus the
 * processing-time distribution, producer batch size, retry backoff and restart delay. Ranges,
 * units and defaults come from KafkaScenarioSchema; `config: true` shows the schema key, which is
 * Kafka's config name. Test ids (`set-<path>`, `set-keys.kind`, `set-profile-…`) are the ones the
 * browser tests use.
 */
import { serviceFields } from '../../settings/distribution-fields.ts';
import type { FieldSpec, SettingsSection } from '../../settings/types.ts';

const groupFields: readonly FieldSpec[] = [
  {
    path: 'groups.{i}.partition.assignment.strategy',
    label: { en: 'Assignor', ru: 'Стратегия назначения' },
    hint: { en: 'How partitions are spread over members; cooperative-sticky moves only what must move', ru: 'Как партиции распределяются по участникам; cooperative-sticky двигает только то, что нужно' },
    config: true,
  },
  {
    path: 'groups.{i}.commit',
    label: { en: 'Commit policy', ru: 'Политика коммита' },
    hint: { en: 'auto = enable.auto.commit every 5 s; after/before processing = commitSync', ru: 'auto — enable.auto.commit каждые 5 с; after/before-processing — commitSync после/до обработки' },
    config: true,
  },
  {
    path: 'groups.{i}.processing.mode',
    label: { en: 'Concurrency', ru: 'Параллелизм' },
    hint: { en: 'sequential = one record at a time; thread-pool = parallel, breaks key order; keyed = parallel per key', ru: 'sequential — по одной записи; thread-pool — параллельно, ломает порядок ключей; keyed — параллельно по ключам' },
    config: 'processing.mode',
  },
  {
    path: 'groups.{i}.auto.offset.reset',
    label: { en: 'Offset reset', ru: 'Сброс смещения' },
    hint: { en: 'Where to start when the committed offset is gone: latest skips, earliest replays, none stops the consumer with an error', ru: 'Откуда читать, если закоммиченного смещения нет: latest пропускает, earliest перечитывает, none останавливает консьюмер с ошибкой' },
    config: true,
  },
  {
    path: 'groups.{i}.members',
    label: { en: 'Members', ru: 'Участники' },
    hint: { en: 'Consumer processes in the group; more than partitions means idle members', ru: 'Процессы-консьюмеры группы; больше, чем партиций, — значит, лишние простаивают' },
    config: true,
    unit: { en: 'consumers', ru: 'консьюмеров' },
  },
  {
    path: 'groups.{i}.max.poll.records',
    label: { en: 'Records per poll', ru: 'Записей за poll' },
    hint: { en: 'Most records one poll() returns', ru: 'Максимум записей, которые возвращает один poll()' },
    config: true,
    unit: { en: 'records', ru: 'записей' },
  },
  {
    path: 'groups.{i}.max.partition.fetch.bytes',
    label: { en: 'Fetch per partition', ru: 'Выборка на партицию' },
    hint: {
      en: 'Most bytes one fetch brings for one partition: a partition with a backlog gives this much, then the member’s next partition gets its turn',
      ru: 'Максимум байт одной выборки для одной партиции: партиция с отставанием отдаёт столько, затем очередь следующей партиции участника',
    },
    config: true,
  },
  {
    path: 'groups.{i}.fetch.max.bytes',
    label: { en: 'Fetch in all', ru: 'Выборка всего' },
    hint: { en: 'Most bytes one fetch response brings over all partitions (at least one record)', ru: 'Максимум байт в одном ответе на выборку по всем партициям (хотя бы одна запись)' },
    config: true,
  },
  {
    path: 'groups.{i}.max.poll.interval.ms',
    label: { en: 'Max poll interval', ru: 'Макс. интервал poll' },
    hint: { en: 'A member that takes longer than this between polls is kicked out (rebalance)', ru: 'Участника, который дольше этого не вызывает poll, исключают (ребаланс)' },
    config: true,
    step: 1000,
  },
  {
    path: 'groups.{i}.session.timeout.ms',
    label: { en: 'Session timeout', ru: 'Таймаут сессии' },
    hint: { en: 'A member without heartbeats for this long is declared dead', ru: 'Участник без heartbeat дольше этого считается мёртвым' },
    config: true,
    step: 1000,
  },
  {
    path: 'groups.{i}.heartbeat.interval.ms',
    label: { en: 'Heartbeat interval', ru: 'Интервал heartbeat' },
    hint: { en: 'How often members heartbeat the coordinator (below the session timeout)', ru: 'Как часто участники шлют heartbeat координатору (меньше таймаута сессии)' },
    config: true,
    step: 100,
  },
  {
    path: 'groups.{i}.auto.commit.interval.ms',
    label: { en: 'Auto-commit interval', ru: 'Интервал автокоммита' },
    hint: { en: 'With commit = auto: how often positions are committed', ru: 'При commit = auto: как часто коммитятся позиции' },
    config: true,
    step: 1000,
  },
  {
    path: 'groups.{i}.metadata.max.age.ms',
    label: { en: 'Metadata refresh', ru: 'Обновление метаданных' },
    hint: { en: 'The leader sees added partitions (and rebalances) only at its next refresh', ru: 'Лидер видит добавленные партиции (и запускает ребаланс) только при следующем обновлении' },
    config: true,
    step: 10000,
  },
  {
    path: 'groups.{i}.offsets.retention.minutes',
    label: { en: 'Offsets retention (broker)', ru: 'Хранение оффсетов (брокер)' },
    hint: { en: 'Once the group is empty, its committed offsets are deleted after this many minutes', ru: 'Когда группа пуста, её закоммиченные оффсеты удаляются через столько минут' },
    config: true,
    step: 60,
  },
  {
    path: 'groups.{i}.processing.threads',
    label: { en: 'Threads', ru: 'Потоки' },
    hint: { en: 'Worker threads per member (thread-pool and keyed modes)', ru: 'Рабочих потоков на участника (режимы thread-pool и keyed)' },
    config: 'processing.threads',
    unit: { en: 'per member', ru: 'на участника' },
  },
  ...serviceFields(
    'groups.{i}.processing.time',
    {
      type: {
        label: { en: 'Processing time distribution', ru: 'Распределение времени обработки' },
        hint: { en: 'How the handler’s time per record varies', ru: 'Как меняется время обработки одной записи' },
      },
      mean: {
        label: { en: 'Processing time', ru: 'Время обработки' },
        hint: { en: 'Mean handler time per record (the service time 1/μ)', ru: 'Среднее время обработки записи (время обслуживания 1/μ)' },
        unit: { en: 's per record', ru: 'с на запись' },
        step: 0.001,
      },
    },
    'processing.time',
  ),
  {
    path: 'groups.{i}.static',
    label: { en: 'Static membership', ru: 'Статическое членство' },
    hint: { en: 'Members keep their identity across restarts: a restart within session.timeout.ms causes no rebalance', ru: 'Участники сохраняют идентичность при перезапуске: рестарт в пределах session.timeout.ms не вызывает ребаланса' },
    config: 'group.instance.id',
  },
  {
    path: 'groups.{i}.processing.idempotent',
    label: { en: 'Idempotent handler', ru: 'Идемпотентный обработчик' },
    hint: { en: 'A redelivered record is applied once: redeliveries stop being duplicates', ru: 'Повторно доставленная запись применяется один раз: повторы перестают быть дубликатами' },
    config: 'processing.idempotent',
  },
];

const retryFields: readonly FieldSpec[] = [
  {
    path: 'groups.{i}.retry.mode',
    label: { en: 'When the handler fails', ru: 'Когда обработчик падает' },
    hint: {
      en: 'none = seek back and re-read forever; in-place = retry with backoff, holding the partition; retry-topics = re-publish to retry topics, the partition moves on',
      ru: 'none — откат и бесконечное перечитывание; in-place — повтор с backoff, партиция ждёт; retry-topics — переотправка в retry-топики, партиция идёт дальше',
    },
    config: 'retry.mode',
  },
  {
    path: 'groups.{i}.retry.maxAttempts',
    label: { en: 'Attempts in place', ru: 'Попыток на месте' },
    hint: { en: 'Attempts before giving up (in-place)', ru: 'Попыток до отказа (in-place)' },
    config: 'retry.maxAttempts',
    unit: { en: 'attempts', ru: 'попыток' },
  },
  {
    path: 'groups.{i}.retry.backoff.initial.ms',
    label: { en: 'First backoff', ru: 'Первая пауза' },
    hint: { en: 'Wait before the second attempt', ru: 'Ожидание перед второй попыткой' },
    config: 'retry.backoff.initial.ms',
    step: 100,
  },
  {
    path: 'groups.{i}.retry.backoff.multiplier',
    label: { en: 'Backoff multiplier', ru: 'Множитель паузы' },
    hint: { en: 'Each wait is this many times the previous one', ru: 'Каждая пауза во столько раз длиннее предыдущей' },
    config: 'retry.backoff.multiplier',
    step: 0.5,
  },
  {
    path: 'groups.{i}.retry.backoff.max.ms',
    label: { en: 'Longest backoff', ru: 'Самая длинная пауза' },
    hint: { en: 'Waits grow up to this', ru: 'Паузы растут до этого значения' },
    config: 'retry.backoff.max.ms',
    step: 1000,
  },
  {
    path: 'groups.{i}.retry.dlq',
    label: { en: 'Dead-letter topic', ru: 'Топик недоставленных' },
    hint: { en: 'Records that exhaust their attempts (or fail permanently) go here instead of being dropped', ru: 'Записи, исчерпавшие попытки (или с постоянной ошибкой), уходят сюда, а не теряются' },
    config: '{topic.name}.dlq',
  },
  {
    path: 'groups.{i}.retry.attempts',
    label: { en: 'Attempt count kept in', ru: 'Счётчик попыток хранится' },
    hint: { en: 'memory: in the consumer process, a restart resets it; store: outside the process, keyed by offset, survives restarts (retry topics carry it in a header of each copy either way)', ru: 'memory — в процессе консьюмера, рестарт его обнуляет; store — вне процесса, по оффсету, переживает рестарт (топики повторов в любом случае несут его в заголовке каждой копии)' },
    config: 'retry.attempts',
  },
  {
    path: 'groups.{i}.retry.classify',
    label: { en: 'Classify errors', ru: 'Классифицировать ошибки' },
    hint: { en: 'Permanent errors (an unparseable payload) go to the DLQ at once instead of being retried', ru: 'Постоянные ошибки (нечитаемый payload) сразу уходят в DLQ без повторов' },
    config: 'retry.classify',
  },
  {
    path: 'groups.{i}.retry.restartAfter',
    label: { en: 'Restart a crashed consumer after', ru: 'Перезапуск упавшего консьюмера через' },
    hint: { en: 'A supervisor (Kubernetes) restarts it; empty = never', ru: 'Его перезапускает супервизор (Kubernetes); пусто — никогда' },
    config: 'retry.restartAfter',
    empty: { en: 'never', ru: 'никогда' },
  },
  {
    path: 'groups.{i}.processing.failureRate',
    label: { en: 'Transient failure rate', ru: 'Доля временных сбоев' },
    hint: { en: 'Probability that a call to the downstream service fails (a timeout)', ru: 'Вероятность, что вызов внешнего сервиса упадёт (таймаут)' },
    config: 'processing.failureRate',
    unit: { en: 'per attempt', ru: 'на попытку' },
    step: 0.01,
  },
];

/** The producer section (the queue model's producers are Kafka's too: `src/app/panels/queue/settings.ts` reuses it). */
export const PRODUCER_SECTION: SettingsSection = {
  id: 'producer',
  title: { en: 'Producer', ru: 'Продюсер' },
  count: 'producers',
  fields: [
    {
      path: 'producers.0.rate',
      label: { en: 'Rate', ru: 'Интенсивность' },
      hint: { en: 'Records produced per second at t = 0 (a rate profile, if any, changes it later)', ru: 'Записей в секунду при t = 0 (профиль нагрузки, если есть, меняет её позже)' },
      config: true,
      unit: { en: 'records/s', ru: 'записей/с' },
    },
    {
      path: 'producers.0.recordBytes',
      label: { en: 'Record size', ru: 'Размер записи' },
      hint: { en: 'Bytes per record: the fetch limits are counted in bytes', ru: 'Байт на запись: лимиты выборки считаются в байтах' },
    },
    {
      path: 'producers.0.keys.kind',
      id: 'keys.kind',
      label: { en: 'Key distribution', ru: 'Распределение ключей' },
      hint: { en: 'The key decides the partition (murmur2(key) mod partitions); equal keys keep their order', ru: 'Ключ определяет партицию (murmur2(key) mod partitions); записи одного ключа сохраняют порядок' },
      config: 'keys.kind',
      options: {
        none: { en: 'none (null key: sticky partitioner)', ru: 'нет (null-ключ: sticky partitioner)' },
        uniform: { en: 'uniform', ru: 'uniform (равномерно)' },
        zipf: { en: 'zipf (a few hot keys)', ru: 'zipf (несколько горячих ключей)' },
        coarse: { en: 'coarse (a few fixed values)', ru: 'coarse (несколько фиксированных значений)' },
      },
      // The key count is kept between uniform and zipf; these fill what the old kind lacked.
      variants: {
        uniform: { count: [{ value: 1000 }] },
        zipf: { count: [{ value: 1000 }], s: [{ value: 1 }] },
        coarse: { values: [{ value: ['US', 'DE', 'FR'] }] },
      },
    },
    {
      path: 'producers.0.keys.count',
      label: { en: 'Distinct keys', ru: 'Разных ключей' },
      hint: { en: 'How many different keys', ru: 'Сколько разных ключей' },
      config: 'keys.count',
      unit: { en: 'keys', ru: 'ключей' },
    },
    {
      path: 'producers.0.keys.s',
      label: { en: 'Skew', ru: 'Перекос' },
      hint: { en: 'Zipf exponent: 0 = uniform, 1+ = a few keys dominate', ru: 'Показатель Ципфа: 0 — равномерно, 1+ — доминируют несколько ключей' },
      config: 'keys.s',
      step: 0.1,
    },
    {
      path: 'producers.0.profile',
      id: 'profile',
      label: { en: 'Rate profile', ru: 'Профиль нагрузки' },
      hint: {
        en: 'From “from” seconds the rate moves to the new value — at once, or linearly “over” some seconds (×8 on Black Friday, a ramp-up, a stop at 0)',
        ru: 'С момента «с» интенсивность меняется на новое значение — сразу или линейно «за» сколько-то секунд (×8 в Чёрную пятницу, плавный рост, остановка в 0)',
      },
      config: 'profile',
      item: {
        name: { en: 'step', ru: 'шаг' },
        fields: {
          at: { label: { en: 'from', ru: 'с' }, name: { en: 'start', ru: 'начало' } },
          rate: { label: { en: '→', ru: '→' }, name: { en: 'rate', ru: 'интенсивность' } },
          ramp: { label: { en: 'over', ru: 'за' }, name: { en: 'ramp', ru: 'переход' }, empty: { en: '0', ru: '0' } },
        },
        // Half-way between the last step and the end of the run, at twice its rate.
        add: {
          at: [{ from: ['last.at', 'root.duration'], round: true }, { from: ['root.duration'], times: 0.25, round: true }],
          rate: [{ from: ['last.rate'], times: 2 }, { from: ['parent.rate'], times: 2 }],
        },
      },
    },
    {
      path: 'producers.0.arrivals',
      label: { en: 'Arrivals', ru: 'Поступления' },
      hint: { en: 'poisson = random gaps; constant = evenly spaced', ru: 'poisson — случайные интервалы; constant — равные' },
      config: true,
    },
    {
      path: 'producers.0.batch.size',
      label: { en: 'Batch size', ru: 'Размер пачки' },
      hint: { en: 'With null keys the sticky partitioner changes partition when a batch is full', ru: 'При null-ключах sticky partitioner меняет партицию, когда пачка заполнена' },
      config: true,
      step: 1024,
    },
    {
      path: 'producers.0.metadata.max.age.ms',
      label: { en: 'Metadata refresh', ru: 'Обновление метаданных' },
      hint: { en: 'The producer writes to added partitions only after its next refresh', ru: 'Продюсер пишет в добавленные партиции только после следующего обновления' },
      config: true,
      step: 10000,
    },
  ],
};

/** Duration and warm-up, as every model with a warm-up has them. */
export const RUN_SECTION: SettingsSection = {
  id: 'run',
  title: { en: 'Run', ru: 'Прогон' },
  fields: [
    { path: 'duration', label: { en: 'Duration', ru: 'Длительность' }, hint: { en: 'How long the run lasts', ru: 'Сколько длится прогон' }, config: true, unit: { en: 's simulated', ru: 'модельных с' } },
    { path: 'warmup', label: { en: 'Warm-up', ru: 'Разогрев' }, hint: { en: 'Statistics (L, W, p99) start after this', ru: 'Статистика (L, W, p99) считается после него' }, config: true },
  ],
};

/**
 * The Kafka page's sections but the autoscaler's; the page's list is KAFKA_SETTINGS in
 * ./sections.ts. (This module is shared with the other models' panels, which reuse the producer
 * and run sections: what only the Kafka page shows stays out of it.)
 */
export const KAFKA_CORE_SETTINGS: readonly SettingsSection[] = [
  PRODUCER_SECTION,
  {
    id: 'topic',
    title: { en: 'Topic', ru: 'Топик' },
    code: 'topic.name',
    fields: [
      {
        path: 'topic.partitions',
        label: { en: 'Partitions', ru: 'Партиции' },
        hint: { en: 'Units of parallelism: at most one consumer of a group reads a partition', ru: 'Единицы параллелизма: партицию читает не больше одного консьюмера группы' },
        config: true,
      },
      {
        path: 'topic.retention.ms',
        label: { en: 'Retention', ru: 'Хранение' },
        hint: { en: 'Segments whose newest record is older than this are deleted, read or not (the active one too, after this long without a record)', ru: 'Сегменты, чья самая новая запись старше этого, удаляются, прочитаны они или нет (и активный — если столько времени не было записей)' },
        config: true,
        step: 1000,
      },
      {
        path: 'topic.segment.ms',
        label: { en: 'Segment roll', ru: 'Смена сегмента' },
        hint: { en: 'A segment is closed (and can be deleted) after this long', ru: 'Сегмент закрывается (и может быть удалён) через это время' },
        config: true,
        step: 1000,
      },
      {
        path: 'topic.log.retention.check.interval.ms',
        label: { en: 'Retention check', ru: 'Проверка хранения' },
        hint: { en: 'How often the broker looks for segments to delete', ru: 'Как часто брокер ищет сегменты для удаления' },
        config: true,
        step: 1000,
      },
      {
        path: 'topic.schema.compatibility.level',
        label: { en: 'Schema compatibility', ru: 'Совместимость схем' },
        hint: {
          en: 'The schema registry’s check of a producer’s new value schema: BACKWARD — new readers can read old data (protects consumers that upgrade first); FORWARD — old readers can read new data (protects those that have not upgraded yet)',
          ru: 'Проверка реестром новой схемы значения от продюсера: BACKWARD — новые читатели прочитают старые данные (бережёт консьюмеров, обновившихся первыми); FORWARD — старые читатели прочитают новые данные (бережёт тех, кто ещё не обновился)',
        },
        config: true,
        options: {
          none: { en: 'NONE (no check)', ru: 'NONE (без проверки)' },
          backward: { en: 'BACKWARD (default)', ru: 'BACKWARD (по умолчанию)' },
          forward: { en: 'FORWARD', ru: 'FORWARD' },
          full: { en: 'FULL (both ways)', ru: 'FULL (в обе стороны)' },
        },
      },
    ],
  },
  { id: 'group', each: 'groups', title: { en: 'Consumer group', ru: 'Группа консьюмеров' }, code: 'groups.{i}.group.id', fields: groupFields },
  { id: 'retry', each: 'groups', title: { en: 'Retries and dead letters', ru: 'Повторы и DLQ' }, code: 'groups.{i}.group.id', fields: retryFields },
  RUN_SECTION,
];
