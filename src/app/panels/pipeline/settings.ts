/**
 * Settings of the pipeline model (`"model": "pipeline"`), as data for the shared settings panel:
 * one section per source and per stage. Ranges, units and defaults come from
 * PipelineScenarioSchema. A stage's pause watermarks are set in the scenario file or with --set
 * (an optional object the panel does not create).
 */
import { serviceFields } from '../../settings/distribution-fields.ts';
import type { SettingsSection } from '../../settings/types.ts';
import { RUN_SECTION } from '../kafka/settings.ts';

export const PIPELINE_SETTINGS: readonly SettingsSection[] = [
  {
    id: 'source',
    each: 'sources',
    title: { en: 'Source', ru: 'Источник' },
    code: 'sources.{i}.name',
    fields: [
      { path: 'sources.{i}.rate', label: { en: 'Rate', ru: 'Поток' }, hint: { en: 'Items produced per second', ru: 'Элементов в секунду' }, unit: { en: 'items/s', ru: 'элем./с' } },
      { path: 'sources.{i}.arrivals', label: { en: 'Arrivals', ru: 'Поступление' }, hint: { en: 'poisson = random gaps; constant = evenly spaced', ru: 'poisson — случайные интервалы; constant — равные' } },
      { path: 'sources.{i}.to', label: { en: 'Writes to', ru: 'Пишет в' }, hint: { en: 'The stage whose buffer gets its items', ru: 'Стадия, в буфер которой идут элементы' } },
      {
        path: 'sources.{i}.shedAbove',
        label: { en: 'Shed at backlog', ru: 'Сброс при бэклоге' },
        hint: { en: 'Load shedding at the edge: refuse an item at once while that stage has this many waiting; empty = never', ru: 'Сброс нагрузки на входе: сразу отказывать, пока у стадии столько ждёт; пусто — никогда' },
        empty: { en: 'never', ru: 'никогда' },
      },
      {
        path: 'sources.{i}.blockTimeout',
        label: { en: 'Give up a blocked send after', ru: 'Бросить заблокированную отправку через' },
        hint: { en: 'A send blocked on a full buffer is shed after this long; empty = it waits as long as it takes', ru: 'Отправка, ждущая места в полном буфере, сбрасывается через это время; пусто — ждёт сколько угодно' },
        empty: { en: 'never', ru: 'никогда' },
      },
    ],
  },
  {
    id: 'stage',
    each: 'stages',
    title: { en: 'Stage', ru: 'Стадия' },
    code: 'stages.{i}.name',
    fields: [
      { path: 'stages.{i}.workers', label: { en: 'Workers', ru: 'Воркеры' }, hint: { en: 'Items processed at once: the consumer group’s members × threads', ru: 'Сколько элементов в работе одновременно: участники группы × потоки' } },
      ...serviceFields('stages.{i}.time', {
        type: { label: { en: 'Processing time', ru: 'Время обработки' }, hint: { en: 'Its distribution', ru: 'Его распределение' } },
        mean: { label: { en: 'Mean processing time', ru: 'Среднее время' }, hint: { en: 'Capacity = workers / mean', ru: 'Ёмкость = воркеры / среднее' }, step: 0.01 },
      }),
      {
        path: 'stages.{i}.buffer.type',
        label: { en: 'Buffer', ru: 'Буфер' },
        hint: { en: 'topic = an unbounded log its consumer group reads; bounded = a buffer of fixed capacity with a policy when full', ru: 'topic — неограниченный лог, который читает группа; bounded — буфер фиксированной ёмкости с правилом на переполнение' },
        options: { topic: { en: 'topic (unbounded)', ru: 'топик (без предела)' }, bounded: { en: 'bounded', ru: 'ограниченный' } },
        variants: { bounded: { capacity: [{ value: 100 }], policy: [{ value: 'block' }] } },
      },
      { path: 'stages.{i}.buffer.capacity', label: { en: 'Capacity', ru: 'Ёмкость' }, hint: { en: 'Items that may wait (those in service do not count)', ru: 'Сколько элементов может ждать (в обработке не считаются)' } },
      {
        path: 'stages.{i}.buffer.policy',
        label: { en: 'When full', ru: 'Когда полон' },
        hint: { en: 'block = the producer waits (backpressure); drop-newest = refuse the arriving item; drop-oldest = evict the oldest waiting one', ru: 'block — производитель ждёт (обратное давление); drop-newest — отказать новому; drop-oldest — выбросить самый старый' },
      },
      { path: 'stages.{i}.to', label: { en: 'Sends to', ru: 'Отправляет в' }, hint: { en: 'Stages that get a copy of every item it finishes; empty = items are done here', ru: 'Стадии, получающие копию каждого готового элемента; пусто — здесь элемент готов' } },
    ],
  },
  RUN_SECTION,
];
