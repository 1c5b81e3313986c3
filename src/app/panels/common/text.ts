/**
 * Strings of the panels more than one model shows (the live-faults panel, the event log), in
 * English and Russian. Words that name a model's own things (its consumers, its log's words) stay
 * in that model's `text.ts` and reach these panels as props.
 */
import { makeTranslate, type Lang } from '../../i18n.ts';

const en = {
  'faults.title': 'Faults (live)',
  'faults.target': 'Consumer',
  'faults.moreTargets': '+{n} more in {group}, not listed',
  'faults.timeline': 'Fault timeline',
  'faults.none': 'No faults yet.',
  'faults.scheduled': 'scheduled',
  'faults.live': 'live',
  'faults.beforePlay': 'before Play',
  'faults.queuedNote': 'Pressed before Play: {n} at t = 0 (timeline below).',
  'faults.finished': 'The run has finished: reset to inject faults.',
  'tab.log': 'Event log',
  'log.filter': 'Filter',
  'log.filterHint': 'Show only lines containing this text: a source in brackets ({example}) or a word of the line',
  'log.level': 'Level',
  'log.all': 'all',
  'log.empty': 'No log lines yet.',
  'log.count': '{shown} of {total} lines',
  'log.repeat': 'repeated {n} times until t = {last} s',
  'log.follow': 'follow',
  'log.followHint': 'Follow record {record} through the run (produced, fetched, retried, committed …)',
};

export type CMessageKey = keyof typeof en;

const ru: Record<CMessageKey, string> = {
  'faults.title': 'Сбои (вживую)',
  'faults.target': 'Консьюмер',
  'faults.moreTargets': 'ещё {n} в {group}, не в списке',
  'faults.timeline': 'Хронология сбоев',
  'faults.none': 'Сбоев пока нет.',
  'faults.scheduled': 'по сценарию',
  'faults.live': 'вживую',
  'faults.beforePlay': 'до пуска',
  'faults.queuedNote': 'Нажато до пуска: {n} при t = 0 (хронология ниже).',
  'faults.finished': 'Прогон завершён: сбросьте, чтобы вносить сбои.',
  'tab.log': 'Журнал',
  'log.filter': 'Фильтр',
  'log.filterHint': 'Показывать только строки с этим текстом: источник в скобках ({example}) или слово строки',
  'log.level': 'Уровень',
  'log.all': 'все',
  'log.empty': 'Строк пока нет.',
  'log.count': '{shown} из {total} {total:строки|строк|строк|строки}',
  'log.repeat': 'повторов: {n}, последний при t = {last} с',
  'log.follow': 'отследить',
  'log.followHint': 'Отследить запись {record} по прогону (записана, прочитана, повторена, закоммичена …)',
};

export const COMMON_MESSAGES: Record<Lang, Record<CMessageKey, string>> = { en, ru };

export const ctranslate = makeTranslate(COMMON_MESSAGES);
