/**
 * Settings of the outbox model (`"model": "outbox"`), as data for the shared settings panel.
 * Ranges, units and defaults come from OutboxScenarioSchema; `config` shows the real system's name
 * where there is one (Kafka's delivery.timeout.ms, Debezium's and Kafka Connect's relay settings).
 */
import { serviceFields } from '../../settings/distribution-fields.ts';
import type { SettingsSection } from '../../settings/types.ts';
import { RUN_SECTION } from '../kafka/settings.ts';

const OUTBOX = { path: 'mode', is: 'outbox' } as const;
const CDC = [OUTBOX, { path: 'relay.kind', is: 'cdc' }] as const;
const POLLING = [OUTBOX, { path: 'relay.kind', is: 'polling' }] as const;

export const OUTBOX_SETTINGS: readonly SettingsSection[] = [
  {
    id: 'app',
    title: { en: 'App', ru: 'Приложение' },
    fields: [
      {
        path: 'mode',
        label: { en: 'How it writes', ru: 'Как пишет' },
        hint: { en: 'dual-write: commit, then publish; publish-first: publish, then commit; outbox: row + outbox row in one transaction, a relay publishes', ru: 'dual-write — коммит, потом публикация; publish-first — публикация, потом коммит; outbox — строка и строка outbox в одной транзакции, публикует relay' },
        options: {
          'dual-write': { en: 'dual write: commit, then publish', ru: 'двойная запись: коммит, потом публикация' },
          'publish-first': { en: 'dual write: publish, then commit', ru: 'двойная запись: публикация, потом коммит' },
          outbox: { en: 'transactional outbox + relay', ru: 'transactional outbox + relay' },
        },
      },
      { path: 'app.rate', label: { en: 'Requests', ru: 'Запросы' }, hint: { en: 'Requests per second, each a row and an event', ru: 'Запросов в секунду; каждый — строка и событие' }, unit: { en: 'req/s', ru: 'запр./с' } },
      { path: 'app.arrivals', label: { en: 'Arrivals', ru: 'Поток' }, hint: { en: 'poisson = random gaps; constant = evenly spaced', ru: 'poisson — случайные интервалы; constant — равные' } },
    ],
  },
  {
    id: 'db',
    title: { en: 'Database', ru: 'База данных' },
    fields: [
      ...serviceFields('db.time', {
        type: { label: { en: 'Transaction time', ru: 'Время транзакции' }, hint: { en: 'One transaction, and the relay’s SELECT or UPDATE', ru: 'Одна транзакция, а также SELECT или UPDATE у relay' } },
        mean: { label: { en: 'Mean transaction time', ru: 'Среднее время транзакции' }, hint: { en: 'Before slowdowns', ru: 'Без замедлений' }, step: 0.001 },
      }),
      { path: 'db.failureRate', label: { en: 'Failed commits', ru: 'Неудачные коммиты' }, hint: { en: 'Share of commits that fail and roll back (publish-first: a phantom event)', ru: 'Доля коммитов, которые не проходят и откатываются (publish-first: событие-фантом)' }, step: 0.01 },
    ],
  },
  {
    id: 'publish',
    title: { en: 'Publishing to Kafka', ru: 'Публикация в Kafka' },
    fields: [
      ...serviceFields('publish.latency', {
        type: { label: { en: 'Send → ack', ru: 'Отправка → ack' }, hint: { en: 'Time to an event’s acknowledgement while the broker is up', ru: 'Время до подтверждения события, пока брокер доступен' } },
        mean: { label: { en: 'Mean send → ack', ru: 'Среднее отправка → ack' }, hint: { en: 'acks=all, in the same data centre', ru: 'acks=all, в одном дата-центре' }, step: 0.001 },
      }),
      { path: 'publish.delivery.timeout.ms', label: { en: 'Delivery timeout', ru: 'Таймаут доставки' }, hint: { en: 'A send not acknowledged by then fails (the app’s and the polling relay’s producer)', ru: 'Отправка без ack к этому сроку падает (продюсер приложения и polling-relay)' }, config: 'delivery.timeout.ms', step: 1000 },
    ],
  },
  {
    id: 'relay',
    title: { en: 'Relay (outbox mode)', ru: 'Relay (режим outbox)' },
    fields: [
      { path: 'relay.kind', label: { en: 'Relay', ru: 'Relay' }, hint: { en: 'polling: SELECT … LIMIT, publish, UPDATE; cdc: reads the database’s log (Debezium)', ru: 'polling — SELECT … LIMIT, публикация, UPDATE; cdc — читает лог базы (Debezium)' }, when: OUTBOX },
      { path: 'relay.pollInterval', label: { en: 'Poll interval', ru: 'Интервал опроса' }, hint: { en: 'Wait after a poll that found less than a full batch', ru: 'Пауза после опроса, нашедшего меньше полной пачки' }, step: 0.1, when: POLLING },
      { path: 'relay.batchSize', label: { en: 'Rows a poll', ru: 'Строк за опрос' }, hint: { en: 'SELECT … ORDER BY id LIMIT this', ru: 'SELECT … ORDER BY id LIMIT столько' }, when: POLLING },
      { path: 'relay.poll.interval.ms', label: { en: 'Debezium poll', ru: 'Опрос Debezium' }, hint: { en: 'Wait when the log has nothing new', ru: 'Пауза, когда в логе нет нового' }, config: 'poll.interval.ms', when: CDC },
      { path: 'relay.max.batch.size', label: { en: 'Debezium batch', ru: 'Пачка Debezium' }, hint: { en: 'Most changes one poll hands over', ru: 'Больше всего изменений за один опрос' }, config: 'max.batch.size', when: CDC },
      { path: 'relay.offset.flush.interval.ms', label: { en: 'Offset commit', ru: 'Коммит offset' }, hint: { en: 'Kafka Connect commits the source offset this often; a restart republishes since the last one', ru: 'Как часто Kafka Connect коммитит offset источника; после рестарта всё с последнего коммита публикуется снова' }, config: 'offset.flush.interval.ms', step: 1000, when: CDC },
    ],
  },
  {
    id: 'consumer',
    title: { en: 'Consumer', ru: 'Консьюмер' },
    fields: [
      { path: 'consumer.idempotent', label: { en: 'Idempotent', ru: 'Идемпотентный' }, hint: { en: 'Dedup by event id in the same transaction as the effect (processed_events)', ru: 'Дедуп по id события в той же транзакции, что и эффект (processed_events)' } },
      ...serviceFields('consumer.time', {
        type: { label: { en: 'Apply time', ru: 'Время применения' }, hint: { en: 'One event’s effect; one consumer, in order', ru: 'Эффект одного события; один консьюмер, по порядку' } },
        mean: { label: { en: 'Mean apply time', ru: 'Среднее время применения' }, hint: { en: 'Its capacity is 1 / mean events a second', ru: 'Его ёмкость — 1 / среднее событий в секунду' }, step: 0.001 },
      }),
    ],
  },
  RUN_SECTION,
];
