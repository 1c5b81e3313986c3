/**
 * Settings of the queueing station (`"model": "station"`), as data for the shared settings panel
 * (src/app/shell/SettingsPanel.svelte). Labels use queueing notation: λ arrival rate, 1/μ mean
 * service time, c servers, K capacity. Ranges, units and defaults come from StationScenarioSchema.
 */
import { serviceFields } from '../../settings/distribution-fields.ts';
import type { SettingsSection } from '../../settings/types.ts';

export const STATION_SETTINGS: readonly SettingsSection[] = [
  {
    id: 'arrival',
    title: { en: 'Arrivals', ru: 'Поступления' },
    fields: [
      {
        path: 'arrival.rate',
        label: { en: 'Arrival rate λ', ru: 'Интенсивность поступлений λ' },
        hint: { en: 'Mean arrivals per second (a rate profile, if any, changes it later)', ru: 'Среднее число поступлений в секунду (профиль, если есть, меняет её позже)' },
        unit: { en: 'arrivals/s', ru: 'заявок/с' },
      },
      {
        path: 'arrival.shape.type',
        label: { en: 'Inter-arrival times', ru: 'Интервалы между поступлениями' },
        hint: { en: 'Their distribution (mean 1/λ): exponential = Poisson arrivals (the M in M/M/1)', ru: 'Их распределение (среднее 1/λ): экспоненциальное — пуассоновский поток (M в M/M/1)' },
        options: {
          exponential: { en: 'exponential (M, Poisson)', ru: 'экспоненциальные (M, пуассоновский поток)' },
          deterministic: { en: 'deterministic (D)', ru: 'детерминированные (D)' },
          erlang: { en: 'Erlang-k (Eₖ)', ru: 'Эрланга (Eₖ)' },
          gamma: { en: 'gamma', ru: 'гамма' },
          lognormal: { en: 'lognormal', ru: 'логнормальные' },
          hyperexponential: { en: 'hyperexponential (H₂)', ru: 'гиперэкспоненциальные (H₂)' },
          pareto: { en: 'Pareto (heavy tail)', ru: 'Парето (тяжёлый хвост)' },
        },
        // Typical shape parameters; a cv of the old shape is kept when the new one accepts it.
        variants: { erlang: { k: [{ value: 2 }] }, gamma: { cv: [{ value: 0.5 }] }, lognormal: { cv: [{ value: 1 }] }, hyperexponential: { cv: [{ value: 2 }] }, pareto: { alpha: [{ value: 2.5 }] } },
      },
      { path: 'arrival.shape.k', label: { en: 'Phases k', ru: 'Число фаз k' }, hint: { en: 'cv of the gaps = 1/√k', ru: 'cv интервалов = 1/√k' } },
      {
        path: 'arrival.shape.cv',
        label: { en: 'Coefficient of variation cv', ru: 'Коэффициент вариации cv' },
        hint: { en: 'Of the gaps: 1 = Poisson, above 1 = bursty', ru: 'Интервалов: 1 — пуассоновский, больше 1 — пачками' },
        step: 0.1,
      },
      { path: 'arrival.shape.alpha', label: { en: 'Tail index α', ru: 'Показатель хвоста α' }, hint: { en: 'Smaller = longer quiet gaps and denser bursts', ru: 'Меньше — длиннее паузы и плотнее пачки' }, step: 0.1 },
      {
        path: 'arrival.profile',
        id: 'arrival-profile',
        label: { en: 'Rate profile', ru: 'Профиль нагрузки' },
        hint: { en: 'From “from” seconds on, λ is the new value', ru: 'С момента «с» λ равна новому значению' },
        item: {
          name: { en: 'step', ru: 'шаг' },
          fields: { at: { label: { en: 'from', ru: 'с' }, name: { en: 'start', ru: 'начало' } }, rate: { label: { en: 'λ →', ru: 'λ →' }, name: { en: 'rate λ', ru: 'интенсивность λ' } } },
          // Half-way between the last step and the end of the run, at twice its rate.
          add: {
            at: [{ from: ['last.at', 'root.duration'], round: true }, { from: ['root.duration'], times: 0.25, round: true }],
            rate: [{ from: ['last.rate'], times: 2 }, { from: ['parent.rate'], times: 2 }],
          },
        },
      },
    ],
  },
  {
    id: 'service',
    title: { en: 'Service', ru: 'Обслуживание' },
    fields: serviceFields('service', {
      type: {
        label: { en: 'Service times', ru: 'Время обслуживания' },
        hint: { en: 'Their distribution: exponential = M/M/c, deterministic = M/D/c, anything else = M/G/c', ru: 'Его распределение: экспоненциальное — M/M/c, детерминированное — M/D/c, иное — M/G/c' },
      },
      mean: {
        label: { en: 'Mean service time 1/μ', ru: 'Среднее время обслуживания 1/μ' },
        hint: { en: 'One server finishes μ jobs per second; load ρ = λ/(cμ)', ru: 'Один сервер обслуживает μ заявок в секунду; загрузка ρ = λ/(cμ)' },
      },
    }),
  },
  {
    id: 'station',
    title: { en: 'Station', ru: 'Станция' },
    fields: [
      { path: 'servers', label: { en: 'Servers c', ru: 'Каналы обслуживания c' }, hint: { en: 'Identical servers working in parallel from one queue', ru: 'Одинаковые серверы, работающие параллельно из одной очереди' } },
      {
        path: 'capacity',
        label: { en: 'Capacity K', ru: 'Ёмкость K' },
        hint: { en: 'Most jobs in the system (queue + service); arrivals beyond it are lost. Empty = unbounded', ru: 'Максимум заявок в системе (очередь + обслуживание); сверх — теряются. Пусто — без ограничения' },
        unit: { en: 'jobs', ru: 'заявок' },
        empty: { en: '∞', ru: '∞' },
      },
    ],
  },
  {
    id: 'run',
    title: { en: 'Run', ru: 'Прогон' },
    fields: [
      { path: 'duration', label: { en: 'Duration', ru: 'Длительность' }, hint: { en: 'Simulated seconds the run lasts', ru: 'Сколько модельных секунд длится прогон' } },
      { path: 'warmup', label: { en: 'Warm-up', ru: 'Разогрев' }, hint: { en: 'Statistics (L, W, ρ) start after this', ru: 'Статистика (L, W, ρ) считается после него' } },
    ],
  },
];
