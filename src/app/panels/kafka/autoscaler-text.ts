/**
 * Strings of a consumer group's autoscaler on the Kafka page (the members chart, the line under
 * the topology, the rebalances' note), in English and Russian. A module of their own: ./text.ts
 * is shared with the queue page's panels, these words are the Kafka page's alone.
 */
import { makeTranslate, type Lang, type Vars } from '../../i18n.ts';

const en = {
  'chart.members.title': 'Members',
  'chart.members.y': 'consumers',
  'chart.members.members': 'in group',
  'chart.members.idle': 'idle',
  'chart.members.partitions': 'partitions',
  'chart.members.caption': 'Dashed: the partition count ({n}). Members above it own nothing: they idle.',
  'c.rebalancesAutoscaler': '{n} set off by the autoscaler',
  'topo.autoscaler': 'Autoscaler (KEDA + HPA): pods {pods}{starting} · replicas {min}–{max} · lag asks for {desired} · rebalances it set off: {rebalances}',
  'topo.autoscalerShort': 'KEDA + HPA: pods {pods}{starting} · lag asks for {desired} · rebalances {rebalances}',
  'topo.autoscalerStarting': ' ({n} starting)',
  'topo.autoscalerTitle': 'KEDA reports the total lag ({metric} records{capped}); the HPA asks for ceil(lag / lagThreshold) replicas within the bounds, adds at most max(4, 100 %) per 15 s and removes pods only down to the highest request of its scale-down stabilization window',
  'topo.autoscalerCapped': ', capped at partitions × lagThreshold',
};

export type AMessageKey = keyof typeof en;

const ru: Record<AMessageKey, string> = {
  'chart.members.title': 'Участники',
  'chart.members.y': 'консьюмеров',
  'chart.members.members': 'в группе',
  'chart.members.idle': 'простаивают',
  'chart.members.partitions': 'партиции',
  'chart.members.caption': 'Пунктир — число партиций ({n}). Участники выше него ничего не читают.',
  'c.rebalancesAutoscaler': '{n} из-за автоскейлера',
  'topo.autoscaler': 'Автоскейлер (KEDA + HPA): подов {pods}{starting} · реплик {min}–{max} · по лагу нужно {desired} · ребалансов из-за него {rebalances}',
  'topo.autoscalerShort': 'KEDA + HPA: подов {pods}{starting} · по лагу {desired} · ребалансов {rebalances}',
  'topo.autoscalerStarting': ' (стартуют {n})',
  'topo.autoscalerTitle': 'KEDA отдаёт суммарный лаг ({metric} {metric:запись|записи|записей}{capped}); HPA просит ceil(лаг / lagThreshold) реплик в пределах границ, добавляет не больше max(4, 100 %) за 15 с и убирает поды только до наибольшего запроса за окно стабилизации',
  'topo.autoscalerCapped': ', с потолком «партиции × lagThreshold»',
};

export const AUTOSCALER_MESSAGES: Record<Lang, Record<AMessageKey, string>> = { en, ru };

export const atranslate: (lang: Lang, key: AMessageKey, vars?: Vars) => string = makeTranslate(AUTOSCALER_MESSAGES);
