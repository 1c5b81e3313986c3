/**
 * Strings of the queueing-station panels (number-in-system chart, Little’s law, statistics), in
 * English and Russian.
 */
import { makeTranslate, type Lang, type Vars } from '../../i18n.ts';

const en = {
  'wrho.theory': 'theory, {model} (1/μ = {mean} s)',

  'chart.title': 'Customers in the system over time',
  'chart.x': 'simulated time (s)',
  'chart.y': 'customers in system',
  'chart.legendMean': 'average per interval',
  'chart.legendMax': 'peak per interval',
  'chart.legendTheory': 'theory L = {value}',
  'chart.legendRunning': 'running average since warm-up',
  'chart.legendWarmup': 'warm-up',
  'chart.captionTheory':
    'Notice: the number in the system swings widely from moment to moment, yet its running average (green) settles on the dashed theory line: that is L.',
  'chart.captionNoTheory':
    'Notice: the number in the system swings widely from moment to moment, yet its running average (green) settles: that is L, and it matches λ·W on the right.',
  'chart.interval': 'One interval = {value} s of simulated time.',
  'chart.emptyTitle': 'Press Play (or Space) to start',
  'chart.empty': 'This chart will draw how many customers are in the system as simulated time passes: a line for the average over each short interval and a light band for its peak.',
  'chart.emptyTheory': 'Queueing theory predicts an average of L = {value}: the dashed line. Watch the running average settle on it.',

  'little.title': 'Little’s law: L = λ·W',
  'little.L': 'L: time-average number in the system',
  'little.lambdaW': 'λ·W: arrival rate × mean time in system',
  'little.factors': 'λ = {lambda}\u00a0/s × W = {W}\u00a0s',
  'little.unit': 'customers',
  'little.diff': 'difference (L − λ·W) / λ·W',
  'little.agree': 'L and λ·W agree within their 95 % intervals.',
  'little.differs': 'Not within the intervals yet: keep running.',
  'little.wide': 'The intervals are still too wide to judge: keep running.',
  'little.overloaded': 'No steady state: arrivals outpace service, so L and W keep growing with the run.',
  'little.theory': 'Theory ({model}): L = {L}, W = {W}\u00a0s',
  'little.noTheory': 'No closed-form theory for this scenario: Little’s law still holds.',
  'little.empty': 'Press Play: the measured L and the product λ·W will appear here and converge to the same value.',
  'little.warmup': 'Warm-up until t = {warmup} s: these numbers still include the empty start and are reset then.',
  'little.ci': '± is the 95 % confidence half-width (batch means).',
  'little.stripLabel': 'L and λ·W with their 95 % intervals',

  'stats.lambda': 'Arrival rate λ',
  'stats.throughput': 'Throughput',
  'stats.utilization': 'Utilisation',
  'stats.W': 'Time in system W',
  'stats.Wq': 'Wait in queue Wq',
  'stats.p50': 'W median (p50)',
  'stats.p99': 'W p99',
  'stats.pBlock': 'Turned away',
    'stats.arrivals': 'Arrived',
  'stats.completed': 'Served',
  'stats.droppedN': 'turned away: {n}',
  'stats.inSystemN': 'in system now: {n}',
  'stats.theory': 'theory\u00a0{value}',
  'unit.perSecond': '/s',
  'unit.seconds': 's',
};

export type SMessageKey = keyof typeof en;

const ru: Record<SMessageKey, string> = {
  'wrho.theory': 'теория, {model} (1/μ = {mean}\u00a0с)',

  'chart.title': 'Число заявок в системе во времени',
  'chart.x': 'модельное время (с)',
  'chart.y': 'заявок в системе',
  'chart.legendMean': 'среднее за интервал',
  'chart.legendMax': 'максимум за интервал',
  'chart.legendTheory': 'теория: L = {value}',
  'chart.legendRunning': 'накопленное среднее',
  'chart.legendWarmup': 'разогрев',
  'chart.captionTheory':
    'Обратите внимание: число заявок в системе сильно скачет от момента к моменту, но его накопленное среднее (зелёная линия) выходит на пунктир теории — это и есть L.',
  'chart.captionNoTheory':
    'Обратите внимание: число заявок в системе сильно скачет от момента к моменту, но его накопленное среднее (зелёная линия) устанавливается — это L, и оно совпадает с λ·W справа.',
  'chart.interval': 'Один интервал — {value}\u00a0с модельного времени.',
  'chart.emptyTitle': 'Нажмите «Пуск» (или пробел)',
  'chart.empty': 'Здесь появится график числа заявок в системе по модельному времени: линия — среднее за каждый короткий интервал, светлая полоса — максимум за него.',
  'chart.emptyTheory': 'Теория массового обслуживания предсказывает среднее L = {value} — это пунктирная линия. Следите, как накопленное среднее выходит на неё.',

  'little.title': 'Закон Литтла: L = λ·W',
  'little.L': 'L — среднее по времени число заявок',
  'little.lambdaW': 'λ·W — интенсивность × время в системе',
  'little.factors': 'λ = {lambda}\u00a0/с × W = {W}\u00a0с',
  'little.unit': 'заявок',
  'little.diff': 'разница (L − λ·W) / λ·W',
  'little.agree': 'L и λ·W совпадают в пределах 95\u00a0%-х интервалов.',
  'little.differs': 'Пока не в пределах интервалов — продолжайте прогон.',
  'little.wide': 'Интервалы пока слишком широки, чтобы судить, — продолжайте прогон.',
  'little.overloaded': 'Установившегося режима нет: заявки приходят быстрее, чем обслуживаются, и L с W растут вместе с прогоном.',
  'little.theory': 'Теория ({model}): L = {L}, W = {W}\u00a0с',
  'little.noTheory': 'Точной формулы для этого сценария нет, но закон Литтла выполняется всё равно.',
  'little.empty': 'Нажмите «Пуск»: здесь появятся измеренное L и произведение λ·W — они сойдутся к одному значению.',
  'little.warmup': 'Разогрев до t = {warmup}\u00a0с: пока в числа входит пустой старт, в этот момент они обнулятся.',
  'little.ci': '± — полуширина 95\u00a0%-го доверительного интервала (метод групповых средних).',
  'little.stripLabel': 'L и λ·W с их 95\u00a0%-ми интервалами',

  'stats.lambda': 'Вход λ',
  'stats.throughput': 'Выходной поток',
  'stats.utilization': 'Загрузка',
  'stats.W': 'В системе W',
  'stats.Wq': 'Ожидание Wq',
  'stats.p50': 'Медиана W',
  'stats.p99': 'W p99',
  'stats.pBlock': 'Доля отказов',
    'stats.arrivals': 'Пришло',
  'stats.completed': 'Обслужено',
  'stats.droppedN': 'отказано: {n}',
  'stats.inSystemN': 'сейчас в системе: {n}',
  'stats.theory': 'теория\u00a0{value}',
  'unit.perSecond': '/с',
  'unit.seconds': 'с',
};

export const STATION_MESSAGES: Record<Lang, Record<SMessageKey, string>> = { en, ru };

export const stranslate = makeTranslate(STATION_MESSAGES);
export type { Vars };
