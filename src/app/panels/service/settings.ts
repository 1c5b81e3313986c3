/**
 * Settings of the dependency model (`"model": "service"`), as data for the shared settings panel.
 * Ranges, units and defaults come from ServiceScenarioSchema; `config` shows the library's name
 * where there is one (Resilience4j's breaker settings, Finagle's RetryBudget, AWS's jitter names).
 */
import { serviceFields } from '../../settings/distribution-fields.ts';
import type { SettingsSection } from '../../settings/types.ts';
import { RUN_SECTION } from '../kafka/settings.ts';

const BUDGET = { path: 'clients.budget.enabled', is: true } as const;

export const SERVICE_SETTINGS: readonly SettingsSection[] = [
  {
    id: 'clients',
    title: { en: 'Clients', ru: 'Клиенты' },
    fields: [
      { path: 'clients.rate', label: { en: 'Calls', ru: 'Вызовы' }, hint: { en: 'New calls (first attempts) per second, Poisson or evenly spaced', ru: 'Новых вызовов (первых попыток) в секунду, пуассоновски или равномерно' }, unit: { en: 'calls/s', ru: 'вызовов/с' } },
      { path: 'clients.arrivals', label: { en: 'Arrivals', ru: 'Поток' }, hint: { en: 'poisson = random gaps; constant = evenly spaced', ru: 'poisson — случайные интервалы; constant — равные' } },
      { path: 'clients.timeout', label: { en: 'Timeout', ru: 'Таймаут' }, hint: { en: 'A client waits this long for one attempt, then gives it up (the service is not told)', ru: 'Столько клиент ждёт ответа на попытку, потом бросает её (сервису не сообщают)' } },
      { path: 'clients.retries', label: { en: 'Retries', ru: 'Повторы' }, hint: { en: 'Attempts after the first one, at most, on a timeout or an error', ru: 'Сколько ещё попыток после первой при таймауте или ошибке' } },
      {
        path: 'clients.backoff',
        label: { en: 'Backoff', ru: 'Пауза перед повтором' },
        hint: { en: 'none = retry at once; exponential = min(cap, base·2^(n−1)) before retry n', ru: 'none — повтор сразу; exponential — min(cap, base·2^(n−1)) перед n-м повтором' },
      },
      { path: 'clients.backoff.base', label: { en: 'Backoff base', ru: 'База паузы' }, hint: { en: 'The first retry’s delay; each next one doubles it', ru: 'Пауза перед первым повтором; каждая следующая вдвое больше' }, config: 'backoff.base', when: { path: 'clients.backoff', is: 'exponential' } },
      { path: 'clients.backoff.cap', label: { en: 'Backoff cap', ru: 'Предел паузы' }, hint: { en: 'The longest delay', ru: 'Самая длинная пауза' }, config: 'backoff.cap', when: { path: 'clients.backoff', is: 'exponential' } },
      {
        path: 'clients.jitter',
        label: { en: 'Jitter', ru: 'Джиттер' },
        hint: { en: 'AWS’s names: full = a random delay in [0, d); equal = d/2 + random in [0, d/2); none = exactly d (clients stay in step)', ru: 'Названия AWS: full — случайная пауза в [0, d); equal — d/2 + случайное в [0, d/2); none — ровно d (клиенты идут в ногу)' },
      },
      { path: 'clients.budget.enabled', label: { en: 'Retry budget on', ru: 'Бюджет повторов включён' }, hint: { en: 'Finagle RetryBudget: a retry beyond the budget is refused and the call fails at once', ru: 'Finagle RetryBudget: повтор сверх бюджета не делается, вызов сразу завершается ошибкой' } },
      { path: 'clients.budget.percentCanRetry', label: { en: 'Retry budget: share', ru: 'Бюджет повторов: доля' }, hint: { en: 'Finagle RetryBudget: retries allowed per call started in the last ttl seconds (0.1 = 10 %)', ru: 'Finagle RetryBudget: разрешённых повторов на начатый за ttl секунд вызов (0.1 = 10 %)' }, config: 'percentCanRetry', when: BUDGET },
      { path: 'clients.budget.minRetriesPerSec', label: { en: 'Retry budget: floor', ru: 'Бюджет повторов: минимум' }, hint: { en: 'Retries per second allowed whatever the calls', ru: 'Повторов в секунду, разрешённых при любом числе вызовов' }, config: 'minRetriesPerSec', when: BUDGET },
      { path: 'clients.budget.ttl', label: { en: 'Retry budget: window', ru: 'Бюджет повторов: окно' }, hint: { en: 'Seconds over which calls and retries are counted', ru: 'За сколько секунд считаются вызовы и повторы' }, config: 'ttl', when: BUDGET },
    ],
  },
  {
    id: 'breaker',
    title: { en: 'Circuit breaker (Resilience4j)', ru: 'Circuit breaker (Resilience4j)' },
    fields: [
      { path: 'breaker.enabled', label: { en: 'Breaker on', ru: 'Breaker включён' }, hint: { en: 'Calls pass through a count-based circuit breaker', ru: 'Вызовы идут через circuit breaker со счётным окном' } },
      { path: 'breaker.failureRateThreshold', label: { en: 'Failure rate to open', ru: 'Доля ошибок для open' }, hint: { en: 'Per cent of failed calls in the window at which it opens', ru: 'Процент неудачных вызовов в окне, при котором он размыкается' }, config: true, unit: { en: '%', ru: '%' }, when: { path: 'breaker.enabled', is: true } },
      { path: 'breaker.slidingWindowSize', label: { en: 'Window', ru: 'Окно' }, hint: { en: 'Calls the window holds', ru: 'Сколько вызовов в окне' }, config: true, when: { path: 'breaker.enabled', is: true } },
      { path: 'breaker.minimumNumberOfCalls', label: { en: 'Minimum calls', ru: 'Минимум вызовов' }, hint: { en: 'Calls recorded before the failure rate is judged', ru: 'Сколько вызовов записать, прежде чем судить о доле ошибок' }, config: true, when: { path: 'breaker.enabled', is: true } },
      { path: 'breaker.waitDurationInOpenState', label: { en: 'Open for', ru: 'Разомкнут на' }, hint: { en: 'Seconds it rejects every call before letting probes through', ru: 'Сколько секунд он отклоняет все вызовы, прежде чем пустить пробные' }, config: true, when: { path: 'breaker.enabled', is: true } },
      { path: 'breaker.permittedNumberOfCallsInHalfOpenState', label: { en: 'Probes', ru: 'Пробных вызовов' }, hint: { en: 'Calls let through while half-open; their failure rate decides', ru: 'Вызовов, пропускаемых в half-open; по их доле ошибок он решает' }, config: true, when: { path: 'breaker.enabled', is: true } },
    ],
  },
  {
    id: 'service',
    title: { en: 'The service', ru: 'Сервис' },
    fields: [
      { path: 'service.concurrency', label: { en: 'Servers', ru: 'Серверы' }, hint: { en: 'Requests served at once (threads, connections)', ru: 'Запросов одновременно в работе (потоки, соединения)' } },
      { path: 'service.queueLimit', label: { en: 'Queue limit', ru: 'Лимит очереди' }, hint: { en: 'Requests that may wait; a full queue rejects at once', ru: 'Сколько запросов может ждать; полная очередь сразу отказывает' } },
      ...serviceFields('service.time', {
        type: { label: { en: 'Service time', ru: 'Время обслуживания' }, hint: { en: 'Its distribution at no load', ru: 'Распределение без нагрузки' } },
        mean: { label: { en: 'Mean service time', ru: 'Среднее время' }, hint: { en: 'Capacity = servers / (mean × (1 + contention))', ru: 'Ёмкость = серверы / (среднее × (1 + contention))' }, step: 0.01 },
      }),
      { path: 'service.contention', label: { en: 'Contention', ru: 'Contention' }, hint: { en: 'QueueLab’s assumption: a time drawn with b of c servers busy is × (1 + contention·b/c)', ru: 'Допущение QueueLab: время, выпавшее при b занятых из c, умножается на (1 + contention·b/c)' }, step: 0.1 },
      { path: 'service.deadline', label: { en: 'Shed after', ru: 'Сбрасывать после' }, hint: { en: 'A request that waited longer is dropped unserved when its turn comes; empty = never', ru: 'Запрос, ждавший дольше, сбрасывается без обслуживания; пусто — никогда' }, empty: { en: 'never', ru: 'никогда' } },
    ],
  },
  RUN_SECTION,
];
