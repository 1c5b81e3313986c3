/**
 * Strings of the Sweep tool (ParamSweep.svelte), in English and Russian: a table of their own, so
 * they load with the tool's chunk, not with the page.
 */
import { makeTranslate, type Lang, type Vars } from '../i18n.ts';

const en = {
  'psweep.setting': 'Setting to vary',
  'psweep.from': 'from',
  'psweep.to': 'to',
  'psweep.steps': 'points',
  'psweep.stepsHint': 'Evenly spaced values from “from” to “to”, both included (1 … {max})',
  'psweep.reps': 'runs each',
  'psweep.repsHint': 'Replications per point, on seeds seed, seed + 1, …: the point is their mean with a 95 % interval (1 … {max})',
  'psweep.run': 'Run sweep',
  'psweep.shape': 'points: {points}, runs per point: {reps}',
  'psweep.edit': 'Change',
  'psweep.cancel': 'Cancel ({done}/{n})',
  'psweep.now': 'now {v}',
  'psweep.metric': 'Chart',
  'psweep.progress': '{done} of {n} runs · {workers} background workers',
  'psweep.done': '{n} runs done',
  'psweep.cancelled': 'cancelled after {done} of {n} runs',
  'psweep.legend': 'mean, ±95 % (runs per point: {reps})',
  'psweep.runsOf': 'mean of {n} runs',
  'psweep.intro': 'How does a number change as one setting changes? Pick the setting and its range: each point runs the scenario several times on different seeds, in background workers, and shows the mean with its 95 % interval.',
  'psweep.caption': 'Each point: the mean of its runs (seeds {seeds}) with its 95 % interval (Student’s t). The same runs and numbers as',
  'psweep.export': 'Export the sweep',
  'psweep.err.range': '“from” and “to” must be numbers.',
  'psweep.err.steps': 'Points must be a whole number from 1 to {max}.',
  'psweep.err.one': 'One point needs “from” = “to”.',
  'psweep.err.whole': '{label} takes whole numbers: “from”, “to” and {points} points must give whole values (to − from a multiple of points − 1).',
  'psweep.err.reps': 'Runs each must be a whole number from 1 to {max}.',
  'psweep.err.runs': '{runs} runs is too many for the page (at most {max}): lower points or runs each, or use npm run sweep.',
  'psweep.err.budget': 'This sweep would take about {events} billion simulation events; the page runs at most {max} billion: lower points, runs each or the scenario’s duration — or run it with npm run sweep, which shards.',
};

export type SweepMessageKey = keyof typeof en;

const ru: Record<SweepMessageKey, string> = {
  'psweep.setting': 'Какую настройку менять',
  'psweep.from': 'от',
  'psweep.to': 'до',
  'psweep.steps': 'точек',
  'psweep.stepsHint': 'Равномерно от «от» до «до», оба конца включены (1 … {max})',
  'psweep.reps': 'прогонов',
  'psweep.repsHint': 'Повторов на точку с зёрнами seed, seed + 1, …: точка — их среднее с 95-процентным интервалом (1 … {max})',
  'psweep.run': 'Запустить',
  'psweep.shape': 'точек: {points}, прогонов на точку: {reps}',
  'psweep.edit': 'Изменить',
  'psweep.cancel': 'Отменить ({done}/{n})',
  'psweep.now': 'сейчас {v}',
  'psweep.metric': 'График',
  'psweep.progress': '{done} из {n} {n:прогона|прогонов|прогонов|прогона} · фоновых воркеров: {workers}',
  'psweep.done': 'готово прогонов: {n}',
  'psweep.cancelled': 'отменено после {done} из {n} {n:прогона|прогонов|прогонов|прогона}',
  'psweep.legend': 'среднее, ±95 % (прогонов на точку: {reps})',
  'psweep.runsOf': 'среднее прогонов: {n}',
  'psweep.intro': 'Как меняется число, когда меняется одна настройка? Выберите настройку и диапазон: каждая точка — несколько прогонов сценария с разными зёрнами в фоновых воркерах, их среднее и 95-процентный интервал.',
  'psweep.caption': 'Точка — среднее её прогонов (зёрна {seeds}) с 95-процентным интервалом (t Стьюдента). Те же прогоны и числа, что у',
  'psweep.export': 'Экспорт перебора',
  'psweep.err.range': '«От» и «до» должны быть числами.',
  'psweep.err.steps': 'Точек — целое число от 1 до {max}.',
  'psweep.err.one': 'Для одной точки нужно «от» = «до».',
  'psweep.err.whole': '«{label}» — целое число: «от», «до» и {points} {points:точка должна|точки должны|точек должны} давать целые значения («до» − «от» кратно числу точек − 1).',
  'psweep.err.reps': 'Прогонов — целое число от 1 до {max}.',
  'psweep.err.runs': '{runs} {runs:прогон|прогона|прогонов} — слишком много для страницы (не больше {max}): уменьшите число точек или прогонов либо запустите npm run sweep.',
  'psweep.err.budget': 'Этот перебор займёт около {events} млрд событий модели; страница выполняет не больше {max} млрд: уменьшите число точек, прогонов или длительность сценария — или запустите npm run sweep, он делится на части.',
};

export const SWEEP_MESSAGES: Record<Lang, Record<SweepMessageKey, string>> = { en, ru };

export const swtranslate = makeTranslate(SWEEP_MESSAGES);
export type { Vars };
