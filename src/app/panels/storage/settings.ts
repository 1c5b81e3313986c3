/**
 * Settings of the storage model, as data for the shared settings panel. Ranges, units and defaults
 * come from StorageScenarioSchema; `config: true` shows the schema key, which is Kafka's config
 * name. The producer's fields are the Kafka model's (rate, keys, profile), at `producer.*`.
 */
import type { FieldSpec, SettingsSection } from '../../settings/types.ts';
import { PRODUCER_SECTION, RUN_SECTION } from '../kafka/settings.ts';

const KEEP = ['producers.0.rate', 'producers.0.keys.kind', 'producers.0.keys.count', 'producers.0.keys.s', 'producers.0.profile', 'producers.0.arrivals'];

const producerFields: readonly FieldSpec[] = [
  ...PRODUCER_SECTION.fields.filter((f) => KEEP.includes(f.path)).map((f) => ({ ...f, path: f.path.replace('producers.0.', 'producer.') })),
  {
    path: 'producer.value.bytes',
    label: { en: 'Value size', ru: 'Размер значения' },
    hint: { en: 'Bytes of an update’s value; a record also costs record.overhead.bytes, a tombstone only that', ru: 'Байт в значении обновления; запись стоит ещё record.overhead.bytes, tombstone — только их' },
    config: true,
  },
  {
    path: 'producer.tombstones',
    label: { en: 'Deletes (tombstones)', ru: 'Удаления (tombstone)' },
    hint: { en: 'Share of writes that delete their key: a record with a null value', ru: 'Доля записей, удаляющих ключ: запись с null-значением' },
    config: 'tombstones',
    step: 0.01,
  },
];

export const STORAGE_SETTINGS: readonly SettingsSection[] = [
  { id: 'producer', title: { en: 'Producer', ru: 'Продюсер' }, fields: producerFields },
  {
    id: 'topic',
    title: { en: 'Topic', ru: 'Топик' },
    code: 'topic.name',
    fields: [
      {
        path: 'topic.cleanup.policy',
        label: { en: 'Cleanup policy', ru: 'Политика очистки' },
        hint: { en: 'delete: old segments go by time or size; compact: the cleaner keeps the latest record per key; both: both', ru: 'delete — старые сегменты удаляются по времени или размеру; compact — очиститель оставляет последнюю запись ключа; оба — и то и другое' },
        config: true,
      },
      { path: 'topic.partitions', label: { en: 'Partitions', ru: 'Партиции' }, hint: { en: 'Keys are spread over them by murmur2(key) mod partitions', ru: 'Ключи раскладываются по ним: murmur2(key) mod partitions' }, config: true },
      { path: 'topic.segment.bytes', label: { en: 'Segment size', ru: 'Размер сегмента' }, hint: { en: 'A segment rolls when the next record would make it larger', ru: 'Сегмент закрывается, когда следующая запись сделала бы его больше' }, config: true, step: 1024 },
      { path: 'topic.segment.ms', label: { en: 'Segment roll', ru: 'Смена сегмента' }, hint: { en: 'A segment rolls at the first write this long after its first record', ru: 'Сегмент закрывается при первой записи спустя это время после его первой записи' }, config: true, step: 1000 },
      { path: 'topic.retention.ms', label: { en: 'Retention', ru: 'Хранение' }, hint: { en: 'delete: a closed segment whose newest record is older than this is deleted', ru: 'delete: закрытый сегмент, чья самая новая запись старше этого, удаляется' }, config: true, step: 1000 },
      { path: 'topic.retention.bytes', label: { en: 'Retention size', ru: 'Предел размера' }, hint: { en: 'delete: per partition, oldest segments go while the log is larger; −1 = no limit', ru: 'delete: в партиции удаляются старые сегменты, пока лог больше; −1 — без предела' }, config: true, step: 1024 },
      { path: 'topic.delete.retention.ms', label: { en: 'Tombstone retention', ru: 'Хранение tombstone' }, hint: { en: 'compact: a tombstone is kept this long after the first clean that sees it; a reader slower than this can miss deletes', ru: 'compact: tombstone хранится столько после первой очистки, которая его видела; читатель медленнее этого может пропустить удаления' }, config: true, step: 1000 },
      { path: 'topic.min.cleanable.dirty.ratio', label: { en: 'Min dirty ratio', ru: 'Мин. доля грязного' }, hint: { en: 'compact: a partition is cleaned once its dirty share of the log passes this', ru: 'compact: партиция чистится, когда доля грязного в логе превышает это' }, config: true, step: 0.05 },
      { path: 'topic.min.compaction.lag.ms', label: { en: 'Min compaction lag', ru: 'Мин. задержка компактации' }, hint: { en: 'compact: a segment is not cleaned until its newest record is this old', ru: 'compact: сегмент не чистится, пока его самой новой записи нет столько' }, config: true, step: 1000 },
      { path: 'topic.max.compaction.lag.ms', label: { en: 'Max compaction lag', ru: 'Макс. задержка компактации' }, hint: { en: 'compact: a dirty segment older than this is cleaned whatever the ratio; empty = never', ru: 'compact: грязный сегмент старше этого чистится при любой доле; пусто — никогда' }, config: true, step: 1000, empty: { en: '∞', ru: '∞' } },
    ],
  },
  {
    id: 'cleaner',
    title: { en: 'Log cleaner and retention check', ru: 'Очиститель лога и проверка хранения' },
    fields: [
      { path: 'cleaner.log.cleaner.threads', label: { en: 'Cleaner threads', ru: 'Потоков очистки' }, hint: { en: 'Partitions cleaned at once; 0 = no cleaner (a compacted topic grows forever)', ru: 'Сколько партиций чистится одновременно; 0 — очистителя нет (компактный топик растёт бесконечно)' }, config: true },
      { path: 'cleaner.log.cleaner.backoff.ms', label: { en: 'Cleaner back-off', ru: 'Пауза очистителя' }, hint: { en: 'A thread that finds nothing to clean sleeps this long', ru: 'Поток, не нашедший работы, спит столько' }, config: true, step: 1000 },
      { path: 'cleaner.speed.bytes.per.second', label: { en: 'Cleaner speed', ru: 'Скорость очистки' }, hint: { en: 'QueueLab’s assumption: bytes a second a thread reads and rewrites', ru: 'Допущение QueueLab: сколько байт в секунду поток читает и переписывает' }, config: true },
      { path: 'cleaner.log.cleaner.io.max.bytes.per.second', label: { en: 'Cleaner I/O throttle', ru: 'Ограничение I/O очистки' }, hint: { en: 'Kafka’s throttle on the cleaner; empty = unlimited (the default)', ru: 'Ограничение Kafka на очиститель; пусто — без ограничения (по умолчанию)' }, config: true, empty: { en: '∞', ru: '∞' } },
      { path: 'cleaner.log.retention.check.interval.ms', label: { en: 'Retention check', ru: 'Проверка хранения' }, hint: { en: 'How often expired segments are deleted', ru: 'Как часто удаляются просроченные сегменты' }, config: true, step: 1000 },
    ],
  },
  {
    id: 'reader',
    title: { en: 'Reader (rebuilds the table)', ru: 'Читатель (восстанавливает таблицу)' },
    fields: [
      { path: 'reader.start', label: { en: 'Starts at', ru: 'Старт' }, hint: { en: 'When it reads from the beginning (offset reset earliest); empty = only on “Restore”', ru: 'Когда он читает с начала (offset reset earliest); пусто — только по кнопке «Восстановить»' }, config: 'start', empty: { en: 'never', ru: 'никогда' } },
      { path: 'reader.records.per.second', label: { en: 'Read speed', ru: 'Скорость чтения' }, hint: { en: 'QueueLab’s assumption: records it reads and applies a second', ru: 'Допущение QueueLab: сколько записей в секунду он читает и применяет' }, config: true, unit: { en: 'records/s', ru: 'записей/с' } },
      { path: 'reader.max.poll.records', label: { en: 'Records per fetch', ru: 'Записей за выборку' }, hint: { en: 'Records taken from one partition at a time', ru: 'Сколько записей берётся из партиции за раз' }, config: true },
    ],
  },
  { ...RUN_SECTION, fields: RUN_SECTION.fields.filter((f) => f.path === 'duration') },
];
