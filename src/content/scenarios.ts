/**
 * Teaching text for every shipped scenario (`scenarios/*.json`), in English and Russian: the
 * picker line, the story (with the seed articles' numbers and the simulated scale), what to watch
 * in the UI, why it happens, and the fix — plus the `--set` overrides that apply the fix, the
 * same ones the scenario tests use (test/kafka/scenarios.test.ts).
 *
 * Numbers quoted in `watch` are those of the shipped seed; other seeds give the same shape.
 */

export type Lang = 'en' | 'ru';
export type Difficulty = 'basic' | 'intermediate' | 'advanced';

export interface ScenarioText {
  title: string;
  /** One line for the scenario picker, at most 110 characters. */
  oneLine: string;
  /** The situation: 2–4 sentences. */
  story: string;
  /** 2–4 bullets: which chart or counter to look at and what it will do. */
  watch: string[];
  /** The mechanism, 2–4 sentences. */
  why: string;
  /** What removes the effect and what it costs; null when the scenario has no fix. */
  fix: string | null;
  /** A short label for the fix toggle. */
  fixHint?: string | null;
}

export interface ScenarioContent {
  id: string;
  difficulty: Difficulty;
  tags: string[];
  en: ScenarioText;
  ru: ScenarioText;
  /** --set style overrides that apply the fix, e.g. ['groups.0.members=12'] */
  fix: string[] | null;
}

const CONTENT: ScenarioContent[] = [
  // ─── queueing theory: one station ────────────────────────────────────────────────────────
  {
    id: 'mm1',
    difficulty: 'basic',
    tags: ['queueing-theory', 'mm1', 'utilisation'],
    fix: ['arrival.rate=0.7'],
    en: {
      title: 'M/M/1 at 90 % load',
      oneLine: 'One server busy 90 % of the time: each request spends ten times its service time in the system.',
      story:
        'One server, requests arriving at random (a Poisson stream) at 0.9 per second, each taking 1 s on average (exponentially distributed). ' +
        'The server is busy 90 % of the time, which on a capacity dashboard looks like hardware well used. ' +
        'The article’s formula W = 1/(μ − λ) says otherwise: every request spends 10 s in the system, ten times its own service time.',
      watch: [
        'The chart: the number in system jumps between zero and a few dozen, while its running mean settles on the dashed theory line L = 9.',
        'The counters strip: utilisation ≈ 0.9, W ≈ 10 s, and p99 ≈ 46 s — the tail is far longer than the mean.',
        'The Little’s law panel: L and λ·W = 0.9 × 10 meet at 9.',
      ],
      why:
        'Arrivals come in bursts, and an idle server cannot save its idle time for later, so a queue forms even though capacity exceeds the load on average. ' +
        'For M/M/1 the mean time in system is W = 1/(μ − λ) = (1/μ)·1/(1 − ρ): at ρ = 0.5 it is twice the service time, at 0.9 ten times, at 0.99 a hundred times. ' +
        'The curve is flat at low load and explodes near 1, which is why the last 10 % of utilisation is so expensive.',
      fix:
        'Keep 30–40 % headroom. At λ = 0.7/s (ρ = 0.7) the same server gives W ≈ 3.3 s and L ≈ 2.3; the cost is hardware that looks 30 % idle on the dashboard. ' +
        'Planning capacity “for 95 % utilisation” guarantees a catastrophic p99.',
      fixHint: 'λ = 0.7/s (30 % headroom)',
    },
    ru: {
      title: 'M/M/1 при загрузке 90 %',
      oneLine: 'Обработчик занят 90 % времени — и заявка проводит в системе вдесятеро больше времени обслуживания.',
      story:
        'Один обработчик, заявки приходят случайно (пуассоновский поток) — в среднем 0,9 в секунду, каждая обслуживается в среднем 1 с (экспоненциальное время). ' +
        'Обработчик занят 90 % времени, и на дашборде это выглядит как отличная утилизация железа. ' +
        'Но формула из статьи W = 1/(μ − λ) говорит, что каждая заявка проведёт в системе 10 с — в десять раз больше собственного времени обслуживания.',
      watch: [
        'График: число заявок в системе скачет от нуля до нескольких десятков, а накопленное среднее выходит на пунктир теории L = 9.',
        'Полоса счётчиков: загрузка ≈ 0,9, W ≈ 10 с, а p99 ≈ 46 с — хвост намного длиннее среднего.',
        'Панель закона Литтла: L и λ·W = 0,9 × 10 сходятся к 9.',
      ],
      why:
        'Заявки приходят пачками, а простой обработчика нельзя «отложить на потом», поэтому очередь возникает, даже когда мощность в среднем больше нагрузки. ' +
        'Для M/M/1 среднее время в системе W = 1/(μ − λ) = (1/μ)·1/(1 − ρ): при ρ = 0,5 задержка вдвое выше идеальной, при ρ = 0,9 — в десять раз, при ρ = 0,99 — в сто. ' +
        'Кривая пологая при малой нагрузке и уходит в бесконечность у единицы — поэтому последние 10 % утилизации так дороги.',
      fix:
        'Держать запас мощности 30–40 %. При λ = 0,7/с (ρ = 0,7) тот же обработчик даёт W ≈ 3,3 с и L ≈ 2,3; цена — железо, которое на дашборде выглядит недогруженным на 30 %. ' +
        'Планирование ёмкости «под 95 % утилизации» гарантирует катастрофический p99.',
      fixHint: 'λ = 0,7/с (запас 30 %)',
    },
  },
  {
    id: 'mmc',
    difficulty: 'basic',
    tags: ['queueing-theory', 'mmc', 'pooling'],
    fix: null,
    en: {
      title: 'M/M/4: one shared queue',
      oneLine: 'Four servers share one queue at 90 % load: W ≈ 3 s instead of the 10 s of M/M/1.',
      story:
        'Four identical servers take requests from one FIFO queue; arrivals come at 3.6 per second and service takes 1 s on average, so each server is busy 90 % of the time — exactly the load of the M/M/1 scenario. ' +
        'Most arrivals still have to wait (Erlang C: P(wait) ≈ 0.79), yet the mean time in system is about 2.97 s instead of 10 s.',
      watch: [
        'The counters strip: utilisation ≈ 0.9 as in M/M/1, but W ≈ 3 s and Wq ≈ 2 s.',
        'The chart: about 10.7 requests in system on average (L = λ·W = 3.6 × 2.97), spread over four servers instead of piled up behind one.',
        'The Little’s law panel: L and λ·W meet — the law does not care how many servers there are.',
      ],
      why:
        'With a shared queue no server sits idle while a request waits behind another one: whoever frees up first takes the next request. ' +
        'A burst is absorbed by four servers at once, and one long service does not hold up everybody behind it. ' +
        'That is why one queue with c workers (M/M/c) waits much less than c separate queues with one worker each — which is what P partitions with one consumer each are.',
      fix: null,
      fixHint: null,
    },
    ru: {
      title: 'M/M/4: одна общая очередь',
      oneLine: 'Четыре обработчика на одну очередь при загрузке 90 %: W ≈ 3 с вместо 10 с у M/M/1.',
      story:
        'Четыре одинаковых обработчика разбирают одну FIFO-очередь; заявки приходят с интенсивностью 3,6 в секунду, обслуживание в среднем 1 с, так что каждый занят 90 % времени — ровно как в сценарии M/M/1. ' +
        'Большинству заявок всё равно приходится ждать (формула Эрланга C: P(ожидания) ≈ 0,79), но среднее время в системе — около 2,97 с вместо 10 с.',
      watch: [
        'Полоса счётчиков: загрузка ≈ 0,9, как у M/M/1, но W ≈ 3 с, а ожидание Wq ≈ 2 с.',
        'График: в системе в среднем около 10,7 заявки (L = λ·W = 3,6 × 2,97), но они распределены по четырём обработчикам, а не стоят в очереди к одному.',
        'Панель закона Литтла: L и λ·W сходятся — закону всё равно, сколько обработчиков.',
      ],
      why:
        'При общей очереди ни один обработчик не простаивает, пока заявка ждёт у соседнего: кто освободился первым, тот и берёт следующую. ' +
        'Всплеск поглощают сразу четыре обработчика, а одно долгое обслуживание не задерживает всех, кто стоит за ним. ' +
        'Поэтому одна очередь на c воркеров (M/M/c) ждёт намного меньше, чем c отдельных очередей по одному воркеру, — а именно так устроены P партиций с одним консьюмером на каждой.',
      fix: null,
      fixHint: null,
    },
  },
  {
    id: 'md1',
    difficulty: 'basic',
    tags: ['queueing-theory', 'md1', 'variance'],
    fix: null,
    en: {
      title: 'M/D/1: fixed service time',
      oneLine: 'Same load as M/M/1, but every service takes exactly 1 s: the time spent waiting halves.',
      story:
        'One server, Poisson arrivals at 0.9 per second, and every request takes exactly 1 s — fixed work, like a batch job of constant cost. ' +
        'The load is the same ρ = 0.9 as in the M/M/1 scenario; only the variance of the service time is gone. ' +
        'The Pollaczek–Khinchine formula predicts a wait of Wq = 4.5 s instead of 9 s, and W = 5.5 s.',
      watch: [
        'The counters strip: utilisation ≈ 0.9 as in M/M/1, but Wq ≈ 4.5 s and W ≈ 5.5 s instead of 9 and 10.',
        'The chart: the running mean settles at L = λ·W ≈ 4.95 — about half of the 9 in M/M/1.',
        'The Little’s law panel: L and λ·W agree here too.',
      ],
      why:
        'For one server with Poisson arrivals the mean wait is Wq = ρ(1 + cv²)/(2(1 − ρ))·E[S], where cv is the coefficient of variation of the service time. ' +
        'Exponential service has cv = 1, constant service cv = 0, so the factor (1 + cv²)/2 drops from 1 to ½ and the wait halves. ' +
        'The randomness of the arrivals remains, which is why even perfectly regular work still queues at 90 % load.',
      fix: null,
      fixHint: null,
    },
    ru: {
      title: 'M/D/1: постоянное время обслуживания',
      oneLine: 'Та же нагрузка, что у M/M/1, но обслуживание ровно 1 с — ожидание в очереди вдвое короче.',
      story:
        'Один обработчик, пуассоновский поток 0,9 заявки в секунду, и каждая заявка обслуживается ровно 1 с — фиксированная работа, как пакетная задача постоянной стоимости. ' +
        'Загрузка та же, ρ = 0,9, что и в сценарии M/M/1; исчез только разброс времени обслуживания. ' +
        'Формула Поллачека — Хинчина предсказывает ожидание Wq = 4,5 с вместо 9 с и W = 5,5 с.',
      watch: [
        'Полоса счётчиков: загрузка ≈ 0,9, как у M/M/1, но Wq ≈ 4,5 с и W ≈ 5,5 с вместо 9 и 10.',
        'График: накопленное среднее выходит на L = λ·W ≈ 4,95 — примерно половину от 9 у M/M/1.',
        'Панель закона Литтла: L и λ·W сходятся и здесь.',
      ],
      why:
        'Для одного обработчика с пуассоновским входом среднее ожидание Wq = ρ(1 + cv²)/(2(1 − ρ))·E[S], где cv — коэффициент вариации времени обслуживания. ' +
        'У экспоненциального обслуживания cv = 1, у постоянного cv = 0: множитель (1 + cv²)/2 падает с 1 до ½, и ожидание вдвое короче. ' +
        'Случайность входящего потока остаётся — поэтому даже идеально ровная работа при загрузке 90 % всё равно копит очередь.',
      fix: null,
      fixHint: null,
    },
  },
  {
    id: 'mg1-heavy',
    difficulty: 'basic',
    tags: ['queueing-theory', 'mg1', 'variance', 'tail-latency'],
    fix: ['service.cv=1'],
    en: {
      title: 'M/G/1: mostly fast, sometimes slow',
      oneLine: 'Mean service 1 s, but a few requests are very slow: the wait is five times that of M/M/1.',
      story:
        'One server at ρ = 0.8 — arrivals at 0.8 per second, mean service 1 s, like a perfectly healthy API. ' +
        'But service times are hyperexponential with coefficient of variation 3: most requests are quick, and a few take ten seconds or more (a cache miss, a cold call to a slow dependency). ' +
        'The mean is unchanged, yet Pollaczek–Khinchine predicts a wait of 20 s — five times the 4 s of M/M/1 at the same load.',
      watch: [
        'The counters strip: utilisation ≈ 0.8, mean service still 1 s, but Wq ≈ 20 s and a p99 far above the mean.',
        'The chart: long quiet stretches broken by towers — each tower is one slow request with a queue piling up behind it.',
        'The Little’s law panel: the running L wanders for a long time before settling near λ·W ≈ 16.8 — heavy tails need long runs.',
      ],
      why:
        'The wait depends on the second moment of the service time, not only on the mean: Wq = ρ(1 + cv²)/(2(1 − ρ))·E[S]. ' +
        'With cv = 3 the factor (1 + cv²)/2 is 5 instead of 1. ' +
        'One slow request holds the server while everyone behind it waits — head-of-line blocking, the same effect as one heavy record stalling a Kafka partition.',
      fix:
        'Cut the variance rather than the mean: time-outs on slow calls, and heavy work in its own queue or topic so that it cannot block light requests. ' +
        'With the same mean and cv = 1 (exponential service) Wq falls back to 4 s; the cost is a second pipeline to operate, or slow requests failing fast.',
      fixHint: 'cv = 1: same mean, less spread',
    },
    ru: {
      title: 'M/G/1: в основном быстро, иногда очень медленно',
      oneLine: 'Среднее обслуживание 1 с, но редкие заявки очень долгие — ожидание впятеро больше, чем у M/M/1.',
      story:
        'Один обработчик при ρ = 0,8: 0,8 заявки в секунду, среднее обслуживание 1 с — как у вполне здорового API. ' +
        'Но время обслуживания гиперэкспоненциальное с коэффициентом вариации 3: большинство запросов быстрые, а единицы идут десять секунд и дольше (промах кэша, холодный вызов медленной зависимости). ' +
        'Среднее не изменилось, а формула Поллачека — Хинчина даёт ожидание 20 с — впятеро больше, чем 4 с у M/M/1 при той же загрузке.',
      watch: [
        'Полоса счётчиков: загрузка ≈ 0,8, среднее обслуживание по-прежнему 1 с, но Wq ≈ 20 с, а p99 намного выше среднего.',
        'График: долгие спокойные участки, прерываемые «башнями», — каждая башня это одна медленная заявка, за которой копится очередь.',
        'Панель закона Литтла: накопленное L долго гуляет, прежде чем выйти на λ·W ≈ 16,8, — тяжёлым хвостам нужны длинные прогоны.',
      ],
      why:
        'Ожидание зависит от второго момента времени обслуживания, а не только от среднего: Wq = ρ(1 + cv²)/(2(1 − ρ))·E[S]. ' +
        'При cv = 3 множитель (1 + cv²)/2 равен 5, а не 1. ' +
        'Одна медленная заявка занимает обработчик, и все за ней ждут — это head-of-line blocking, тот же эффект, что и одно тяжёлое сообщение, останавливающее партицию Kafka.',
      fix:
        'Уменьшать разброс, а не среднее: тайм-ауты на медленные вызовы и разведение тяжёлых и лёгких задач по разным очередям или топикам, чтобы тяжёлые не блокировали лёгкие. ' +
        'При том же среднем и cv = 1 (экспоненциальное обслуживание) Wq возвращается к 4 с; цена — второй конвейер в эксплуатации или быстрый отказ медленных запросов.',
      fixHint: 'cv = 1: то же среднее, меньше разброс',
    },
  },
  {
    id: 'mm1k',
    difficulty: 'basic',
    tags: ['queueing-theory', 'mm1k', 'backpressure', 'bufferbloat'],
    fix: ['servers=2'],
    en: {
      title: 'M/M/1/10: bounded buffer, overload',
      oneLine: '20 % more work than one server can do, room for 10: ~19 % turned away, and the wait stays bounded.',
      story:
        'Requests arrive at 1.2 per second at a server that manages 1 per second, and the system holds at most 10 (one in service, nine waiting). ' +
        'Unbounded, this queue would grow forever, as in the “5 % over capacity” scenario. ' +
        'With the bound, about 19 % of arrivals are turned away (theory: P(block) ≈ 0.193) and the time in system stays at about 6.9 s.',
      watch: [
        'The counters strip: “dropped” grows steadily, the drop share settles near 0.19, and throughput sits just under 1/s — the server’s capacity, not the arrival rate.',
        'The chart: the number in system presses against the ceiling of 10 and stays near it most of the time.',
        'The Little’s law panel: its λ is the rate of admitted requests (≈ 0.97/s), not the offered 1.2/s; with it L = λ·W holds.',
      ],
      why:
        'A buffer cannot raise capacity: μ is still 1/s, so the extra 0.2/s has to go somewhere — into an ever-growing queue, or out as rejections. ' +
        'A bounded buffer chooses rejections and in return keeps W finite and the data fresh; a bigger buffer would give the same throughput and only raise the time in system and the staleness of the data (bufferbloat). ' +
        'A rejection is the crudest form of backpressure: it tells the producer to slow down.',
      fix:
        'Only more capacity removes the drops. A second server (ρ = 0.6 per server) turns away about 0.3 % of arrivals and W falls to ≈ 1.5 s; the cost is twice the workers. ' +
        'Without it, decide consciously: reject fast with a metric, or make the producer wait — there is no third option.',
      fixHint: '2 servers',
    },
    ru: {
      title: 'M/M/1/10: ограниченный буфер при перегрузке',
      oneLine: 'Работы на 20 % больше, чем успевает обработчик, мест 10: ~19 % отказов, зато W ограничено.',
      story:
        'Заявки приходят с интенсивностью 1,2 в секунду к обработчику, который успевает 1 в секунду, а в системе помещается не больше 10 (одна на обслуживании, девять ждут). ' +
        'Без ограничения такая очередь росла бы вечно, как в сценарии «5 % сверх мощности». ' +
        'С ограничением около 19 % заявок получают отказ (теория: P(отказа) ≈ 0,193), а время в системе держится около 6,9 с.',
      watch: [
        'Полоса счётчиков: «отказано» растёт равномерно, доля отказов выходит на ≈ 0,19, а выходной поток — чуть меньше 1/с: это мощность обработчика, а не входной поток.',
        'График: число заявок в системе упирается в потолок 10 и большую часть времени держится у него.',
        'Панель закона Литтла: λ в ней — интенсивность принятых заявок (≈ 0,97/с), а не предложенные 1,2/с; с ней L = λ·W выполняется.',
      ],
      why:
        'Буфер не увеличивает пропускную способность: μ по-прежнему 1/с, и лишние 0,2/с должны куда-то деться — либо в бесконечно растущую очередь, либо в отказы. ' +
        'Ограниченный буфер выбирает отказы и взамен держит W конечным, а данные свежими; буфер побольше дал бы ту же пропускную способность и только увеличил бы время пребывания и протухание данных (bufferbloat). ' +
        'Отказ — простейшая форма backpressure: сигнал производителю «сбавь темп».',
      fix:
        'Убрать отказы может только дополнительная мощность. Второй обработчик (ρ = 0,6 на каждый) отказывает примерно 0,3 % заявок, и W падает до ≈ 1,5 с; цена — вдвое больше воркеров. ' +
        'Без этого решать осознанно: либо быстрый отказ с метрикой, либо блокируем производителя — третьего нет.',
      fixHint: '2 обработчика',
    },
  },

  // ─── Kafka: load and capacity ──────────────────────────────────────────────────────────────
  {
    id: 'littles-law',
    difficulty: 'basic',
    tags: ['kafka', 'littles-law', 'queueing-theory'],
    fix: null,
    en: {
      title: 'Little’s law on a Kafka topic',
      oneLine: '1,000 records/s, 50 ms each in the system: about 50 records are in flight at any moment.',
      story:
        'Checkout writes 1,000 orders per second, spread by key over 4 partitions; the one consumer on each partition needs 3.7 ms per record on average. ' +
        'These are the article’s numbers: λ = 1000/s and W ≈ 50 ms, so at any moment L = λ·W ≈ 50 records have been produced but not yet applied. ' +
        'Each consumer runs at ρ ≈ 0.93, so most of those 50 ms is waiting, not processing.',
      watch: [
        'The Little’s law panel: the time-average L and the product λ·W converge on the same value, about 49–50.',
        'The counters strip: λ ≈ 1000/s, W ≈ 50 ms, and zero lost, duplicated or skipped records.',
        'The lag chart: flat, with no upward trend. Lag counts from the committed offset (auto-commit every 5 s, auto.commit.interval.ms), so it reads higher than L.',
      ],
      why:
        'Little’s law holds for any stable system, whatever the distributions: the average number inside equals the arrival rate times the average time spent inside. ' +
        'Here the “system” is everything between the producer’s write and the consumer’s apply. ' +
        'The theory value treats each consumer as an M/M/1 queue fed by its partition: W = 1/(μ − λ) ≈ 1/(270 − 250) s ≈ 50 ms.',
      fix: null,
      fixHint: null,
    },
    ru: {
      title: 'Закон Литтла на топике Kafka',
      oneLine: '1000 записей/с, каждая 50 мс в системе — в любой момент «в пути» около 50 записей.',
      story:
        'Оформление заказа пишет 1000 заказов в секунду, по ключу они расходятся по 4 партициям; консьюмеру каждой партиции нужно в среднем 3,7 мс на запись. ' +
        'Это числа из статьи: λ = 1000/с и W ≈ 50 мс, значит, в любой момент L = λ·W ≈ 50 записей уже записаны, но ещё не обработаны. ' +
        'Каждый консьюмер загружен на ρ ≈ 0,93, поэтому бо́льшая часть этих 50 мс — ожидание, а не обработка.',
      watch: [
        'Панель закона Литтла: среднее по времени L и произведение λ·W сходятся к одному значению — около 49–50.',
        'Полоса счётчиков: λ ≈ 1000/с, W ≈ 50 мс, ноль потерянных, дублей и пропущенных записей.',
        'График лага: ровный, без тренда вверх. Лаг считается от закоммиченного оффсета (автокоммит раз в 5 с, auto.commit.interval.ms), поэтому он больше L.',
      ],
      why:
        'Закон Литтла выполняется для любой устойчивой системы, какими бы ни были распределения: среднее число заявок внутри равно интенсивности входа, умноженной на среднее время пребывания. ' +
        'Здесь «система» — всё между записью продюсера и применением записи консьюмером. ' +
        'Теоретическое значение получается, если считать каждого консьюмера очередью M/M/1 с потоком его партиции: W = 1/(μ − λ) ≈ 1/(270 − 250) с ≈ 50 мс.',
      fix: null,
      fixHint: null,
    },
  },
  {
    id: 'overload-5pct',
    difficulty: 'basic',
    tags: ['kafka', 'lag', 'capacity', 'overload'],
    fix: ['producers.0.rate=95'],
    en: {
      title: '5 % over capacity',
      oneLine: 'Input just 5 % above what the consumer can do: the backlog grows by ~5 records a second, forever.',
      story:
        'One partition, one consumer that applies 100 records/s on average, and a producer at 105/s — only 5 % more. ' +
        'As the article puts it, once λ exceeds μ even by 5 %, the queue grows linearly and never stabilises: any buffer will be exhausted, the only question is when. ' +
        'The run lasts one simulated hour.',
      watch: [
        'The lag chart: noisy at first, then an unmistakable straight line upward — about 18,000 records after the hour, with the oldest record a few minutes old.',
        'The counters strip: throughput pinned at ~100/s and utilisation at 100 %; no errors, no losses.',
        'The Little’s law panel: L and W keep growing and never settle — there is no steady state for the law to describe.',
      ],
      why:
        'With λ > μ there is no equilibrium: every second brings on average λ − μ = 5 records more than leave, so the backlog is a random walk with a drift of +5/s. ' +
        'For the first minutes the randomness hides the drift — near ρ = 1 the queue swings widely anyway — but over an hour the drift wins. ' +
        'Retention, memory or disk: whatever buffer there is, it will fill.',
      fix:
        'Bring λ below μ: at 95/s (ρ = 0.95) the lag stays small, though the wait is still noticeable (M/M/1: W = 1/(μ − λ) = 0.2 s, twenty times the processing time). ' +
        'In practice: raise μ with more consumers and partitions, or lower λ with a rate limit and load shedding at the input — someone gets told “not now”.',
      fixHint: 'λ = 95/s',
    },
    ru: {
      title: '5 % сверх мощности',
      oneLine: 'Входной поток всего на 5 % выше возможностей консьюмера — отставание растёт на ~5 записей в секунду.',
      story:
        'Одна партиция, один консьюмер, который применяет в среднем 100 записей/с, и продюсер на 105/с — всего на 5 % больше. ' +
        'Как сказано в статье, как только λ превышает μ хотя бы на 5 %, очередь растёт линейно во времени и не стабилизируется никогда: буфер любого размера будет исчерпан, вопрос только в том, когда. ' +
        'Прогон длится один модельный час.',
      watch: [
        'График лага: сначала шум, потом безошибочная прямая вверх — около 18 000 записей к концу часа, а самой старой записи уже несколько минут.',
        'Полоса счётчиков: выходной поток прибит к ~100/с, загрузка — 100 %; ни ошибок, ни потерь.',
        'Панель закона Литтла: L и W всё растут и не устанавливаются — стационарного режима, который описывает закон, здесь нет.',
      ],
      why:
        'При λ > μ равновесия нет: каждую секунду приходит в среднем на λ − μ = 5 записей больше, чем уходит, и отставание — случайное блуждание со сносом +5/с. ' +
        'Первые минуты случайность маскирует снос — при ρ около 1 очередь и так сильно колеблется, — но за час снос побеждает. ' +
        'Retention, память или диск: какой бы буфер ни был, он заполнится.',
      fix:
        'Опустить λ ниже μ: при 95/с (ρ = 0,95) лаг остаётся небольшим, хотя ожидание всё ещё заметное (M/M/1: W = 1/(μ − λ) = 0,2 с — в 20 раз больше времени обработки). ' +
        'На практике: поднимать μ — больше консьюмеров и партиций, или опускать λ — rate limit и сброс нагрузки на входе; кому-то придётся услышать «не сейчас».',
      fixHint: 'λ = 95/с',
    },
  },
  {
    id: 'black-friday',
    difficulty: 'intermediate',
    tags: ['kafka', 'lag', 'capacity', 'consumer-group'],
    fix: ['groups.0.members=12'],
    en: {
      title: 'Black Friday: input ×8',
      oneLine: 'Orders jump ×8, consumers stay at 6: the lag grows by ~200 records a second and never recovers.',
      story:
        'Checkout writes 100 orders/s into a 12-partition topic; 6 warehouse consumers can apply about 600/s. ' +
        'At t = 120 s the input jumps ×8 to 800/s, and the consumers stay as they are. ' +
        'In the article the lag was 40 minutes after two hours and 4 hours after six; here time is compressed into a 15-minute run, but the shape — linear growth that never turns — is the same.',
      watch: [
        'The lag chart: from t = 120 s the lag in records climbs in a straight line, ~200 a second, past 150,000 by the end; the lag in seconds — the age of the oldest unprocessed order, what customers feel — climbs with it to several minutes.',
        'The counters strip: throughput is stuck near 600/s against 800/s in; lost and skipped stay at 0 — the broker is perfectly healthy.',
        'The topology view: each of the 6 consumers owns 2 partitions and is busy all the time.',
        'The event log: quiet, not a single error — the problem shows only on a consumer_lag_seconds chart that nobody built.',
      ],
      why:
        'A queue does not add capacity; it moves work in time. ' +
        'Once λ = 800/s exceeds μ = 600/s, the backlog grows by λ − μ = 200 records every second for as long as the peak lasts, and the age of the oldest record grows with it. ' +
        'Kafka stores it all without complaint — retention is measured in days — so nothing fails; orders are just applied later and later.',
      fix:
        'Add consumers up to the partition count: 12 consumers, one per partition, drain about 1,200/s and the lag stays within a few seconds. ' +
        'The cost is twice the pods, and a hard ceiling: a 13th consumer would sit idle, so growing further needs more partitions, planned ahead. ' +
        'The other way is a rate limit at the input: the peak waits at the door instead of in the queue.',
      fixHint: '12 consumers (one per partition)',
    },
    ru: {
      title: 'Чёрная пятница: вход ×8',
      oneLine: 'Заказов стало в 8 раз больше, консьюмеров всё так же 6: лаг растёт на ~200 записей в секунду.',
      story:
        'Оформление заказа пишет 100 заказов/с в топик из 12 партиций; 6 консьюмеров склада успевают применять около 600/с. ' +
        'В момент t = 120 с входной поток вырастает в 8 раз, до 800/с, а обработчик — нет. ' +
        'В статье через два часа лаг составил 40 минут, через шесть — 4 часа; здесь время сжато до 15-минутного прогона, но форма та же: линейный рост, который не разворачивается.',
      watch: [
        'График лага: с t = 120 с лаг в записях растёт по прямой, примерно на 200 в секунду, и к концу прогона превышает 150 000; лаг в секундах — возраст самого старого необработанного заказа, то, что чувствует покупатель, — растёт вместе с ним до нескольких минут.',
        'Полоса счётчиков: выходной поток упёрся в ~600/с при входе 800/с; потерянных и пропущенных — 0: брокер совершенно здоров.',
        'Вид топологии: у каждого из 6 консьюмеров по 2 партиции, и все заняты без перерыва.',
        'Журнал событий: тишина, ни одной ошибки — проблему видно только на графике consumer_lag_seconds, которого никто не сделал.',
      ],
      why:
        'Очередь не увеличивает пропускную способность системы, она перераспределяет её во времени. ' +
        'Как только λ = 800/с превысило μ = 600/с, отставание растёт на λ − μ = 200 записей каждую секунду, пока длится пик, а вместе с ним растёт и возраст самой старой записи. ' +
        'Kafka спокойно хранит всё это — retention измеряется днями, — поэтому ничего не падает: заказы просто применяются всё позже и позже.',
      fix:
        'Добавить консьюмеров до числа партиций: 12 консьюмеров, по одному на партицию, разбирают около 1200/с, и лаг держится в пределах нескольких секунд. ' +
        'Цена — вдвое больше подов и жёсткий потолок: 13-й консьюмер будет простаивать, дальше нужны новые партиции, заложенные заранее. ' +
        'Другой путь — rate limit на входе: пик ждёт у дверей, а не в очереди.',
      fixHint: '12 консьюмеров (по одному на партицию)',
    },
  },
  {
    id: 'consumers-gt-partitions',
    difficulty: 'intermediate',
    tags: ['kafka', 'consumer-group', 'partitions', 'autoscaling', 'rebalance'],
    fix: ['topic.partitions=40'],
    en: {
      title: '40 pods on 12 partitions',
      oneLine: 'A 12-partition group scaled from 12 to 40 pods: 28 sit idle, throughput is unchanged, one needless rebalance.',
      story:
        'A 12-partition topic is read by a group of 12 consumers at 600 orders/s. ' +
        'At t = 60 s an autoscaler (KEDA scaling on lag, say) grows the deployment to 40 pods. ' +
        'As the article says, 12 → 40 pods on 12 partitions gives nothing but 28 idle pods and an extra rebalance.',
      watch: [
        'The topology view: after t = 60 s still exactly 12 consumers own one partition each; the other 28 own nothing.',
        'The counters strip: idle consumers = 28, throughput ~600/s before and after, rebalances = 2 (the group’s first and the scale-up).',
        'The lag chart: a short spike right after t = 60 s — every partition stood still during the rebalance — then the same flat line as before.',
        'The event log: the new members log “Adding newly assigned partitions: (none)” — they joined only to stay idle.',
      ],
      why:
        'Within a consumer group a partition is read by at most one member — that is how Kafka keeps order within a partition. ' +
        'So the partition count is the ceiling of a group’s parallelism: the range assignor gives the first 12 members a partition each and the other 28 nothing. ' +
        'Adding members still triggers a rebalance, and with the eager protocol every partition stops until it completes.',
      fix:
        'Plan partitions ahead for the largest group you expect: with 40 partitions the same scale-up gives every pod a partition and nobody idles. ' +
        'The cost: more files and memory on the brokers, longer rebalances and failovers — and it must be decided up front, because adding partitions later changes hash(key) % N: keys move and per-key order breaks at the switch.',
      fixHint: '40 partitions from the start',
    },
    ru: {
      title: '40 подов на 12 партиций',
      oneLine: 'Группу на 12 партициях раздули с 12 до 40 подов: 28 простаивают, поток тот же, плюс лишний ребаланс.',
      story:
        'Топик из 12 партиций читает группа из 12 консьюмеров, 600 заказов/с. ' +
        'В момент t = 60 с автоскейлер (скажем, KEDA по лагу) увеличивает деплоймент до 40 подов. ' +
        'Как и сказано в статье, масштабирование с 12 до 40 подов при 12 партициях не даёт ничего, кроме 28 бездействующих подов и лишнего ребаланса.',
      watch: [
        'Вид топологии: после t = 60 с по-прежнему ровно 12 консьюмеров читают по одной партиции, а у остальных 28 нет ни одной.',
        'Полоса счётчиков: простаивающих консьюмеров — 28, выходной поток ~600/с и до, и после, ребалансов — 2 (при старте группы и при масштабировании).',
        'График лага: короткий всплеск сразу после t = 60 с — все партиции стояли, пока шёл ребаланс, — и дальше та же ровная линия.',
        'Журнал событий: новые участники пишут «Adding newly assigned partitions: (none)» — вошли в группу, только чтобы простаивать.',
      ],
      why:
        'Внутри группы партицию читает не больше одного консьюмера — так Kafka сохраняет порядок внутри партиции. ' +
        'Поэтому число партиций — потолок параллелизма группы: range-назначение даёт первым 12 участникам по партиции, остальным 28 — ничего. ' +
        'А ребаланс при добавлении участников всё равно происходит, и при eager-протоколе на это время останавливаются все партиции.',
      fix:
        'Закладывать партиции заранее, под самую большую группу, которая может понадобиться: при 40 партициях тот же рост до 40 подов даёт каждому по партиции, простаивающих нет. ' +
        'Цена — больше файлов и памяти на брокерах, дольше ребаланс и failover; и решать надо сразу: добавление партиций потом меняет hash(key) % N, ключи переезжают, и порядок по ключу в момент переключения ломается.',
      fixHint: '40 партиций с самого начала',
    },
  },
  {
    id: 'hot-partition',
    difficulty: 'intermediate',
    tags: ['kafka', 'partitioning', 'keys', 'hot-partition', 'lag'],
    fix: ['producers.0.keys={"kind":"uniform","count":100000,"prefix":"order-"}'],
    en: {
      title: 'Key = country: a hot partition',
      oneLine: 'Half of all orders share one key: one partition and its consumer saturate while the others idle.',
      story:
        'Orders are keyed by country, and half of them come from the US. ' +
        'Kafka’s default partitioner sends every record of a key to the same partition — murmur2(key) % 6 — so one partition receives ~175 orders/s (the US plus Brazil, whose hash lands there too), while its single consumer can apply about 100/s. ' +
        'The article’s table: key = country, three big countries — three hot partitions.',
      watch: [
        'The topology view: one consumer at ~100 % utilisation, the others between zero and ~60 % — one partition gets no country at all.',
        'The lag chart: the hot partition’s lag climbs steadily, ~75 records a second, to tens of thousands; the other five stay near zero.',
        'The counters strip: throughput ≈ 225/s against 300/s in — on average the group has capacity to spare, and it still falls behind.',
      ],
      why:
        'The key is both the unit of ordering and the unit of parallelism: all records of a key go to one partition, and a partition is read by one consumer of the group. ' +
        'A coarse key with a skewed distribution concentrates the load: the group’s average utilisation is moderate, but the hot consumer is overloaded and its queue grows without bound. ' +
        'Adding consumers does not help — the hot partition still has exactly one reader.',
      fix:
        'Use a finer key, one whose order actually matters — order_id or user_id — and the load spreads evenly: every consumer near 50 %, lag near zero. ' +
        'The cost: no ordering across a whole country (rarely needed). ' +
        'If a single key really is huge: a composite key user_id:bucket or a separate topic for heavy keys, at the price of ordering within that key.',
      fixHint: 'key = order id',
    },
    ru: {
      title: 'Ключ = страна: горячая партиция',
      oneLine: 'Половина заказов с одним ключом: одна партиция и её консьюмер перегружены, остальные простаивают.',
      story:
        'Заказы идут с ключом «страна», и половина из них — из США. ' +
        'Стандартный партиционер Kafka отправляет все записи с одинаковым ключом в одну партицию — murmur2(key) % 6, — и на неё приходится ~175 заказов/с (США плюс Бразилия, чей хеш попал туда же), а её единственный консьюмер успевает около 100/с. ' +
        'Таблица из статьи: ключ country — три крупные страны, три горячие партиции.',
      watch: [
        'Вид топологии: один консьюмер загружен на ~100 %, остальные — от нуля до ~60 %: одной партиции не досталось ни одной страны.',
        'График лага: лаг горячей партиции растёт равномерно, на ~75 записей в секунду, до десятков тысяч; остальные пять держатся около нуля.',
        'Полоса счётчиков: выходной поток ≈ 225/с при входе 300/с — в среднем мощности у группы с запасом, а она всё равно отстаёт.',
      ],
      why:
        'Ключ — одновременно единица порядка и единица параллелизма: все записи ключа идут в одну партицию, а партицию в группе читает один консьюмер. ' +
        'Крупный ключ с перекошенным распределением собирает нагрузку в одну точку: средняя загрузка группы умеренная, а горячий консьюмер перегружен, и его очередь растёт без предела. ' +
        'Добавление консьюмеров не поможет — у горячей партиции всё равно ровно один читатель.',
      fix:
        'Мелкий ключ, внутри которого порядок действительно важен, — order_id или user_id: нагрузка расходится равномерно, все консьюмеры загружены примерно на 50 %, лаг около нуля. ' +
        'Цена — нет порядка в пределах целой страны (он редко кому нужен). ' +
        'Если один ключ действительно огромный — составной ключ user_id:bucket или вынос тяжёлых ключей в отдельный топик, ценой порядка внутри этого ключа.',
      fixHint: 'ключ = id заказа',
    },
  },
  {
    id: 'pubsub-groups',
    difficulty: 'intermediate',
    tags: ['kafka', 'consumer-group', 'pub-sub', 'offsets'],
    fix: null,
    en: {
      title: 'Two groups, one topic',
      oneLine: 'Billing and analytics read the same topic: each gets every record, with its own offsets and its own lag.',
      story:
        'Checkout writes 300 orders/s into a 6-partition topic. ' +
        'Two consumer groups read it: billing, 3 consumers at 5 ms a record, and analytics, 2 consumers at 8 ms a record. ' +
        'Inside a group the partitions — and so the work — are split between members; between groups nothing is shared: each group gets everything.',
      watch: [
        'The topology view: billing members own 2 partitions each, analytics members 3 each — the same 6 partitions, assigned twice, independently.',
        'The lag chart: billing’s lag stays near zero while analytics’ lag grows steadily, to about five minutes by the end; neither affects the other.',
        'The counters strip: billing applies every record; analytics applies fewer — it is behind, not losing — and each group has its own committed offsets.',
      ],
      why:
        'A consumer group is one subscription: within it each partition has one reader, which gives a load-balanced queue; different groups keep separate committed offsets in __consumer_offsets, which gives publish/subscribe. ' +
        'One group splits the work, different groups each get everything. ' +
        'Analytics must take 150 records/s per consumer but manages 125, so it falls behind by ~50/s in total; the log keeps the records for everybody, so the slow group cannot slow the fast one down.',
      fix: null,
      fixHint: null,
    },
    ru: {
      title: 'Две группы на одном топике',
      oneLine: 'Биллинг и аналитика читают один топик: каждая группа получает все записи, у каждой свои оффсеты и лаг.',
      story:
        'Оформление заказа пишет 300 заказов/с в топик из 6 партиций. ' +
        'Его читают две консьюмер-группы: billing — 3 консьюмера по 5 мс на запись, и analytics — 2 консьюмера по 8 мс на запись. ' +
        'Внутри группы партиции — а значит, и работа — делятся между участниками; между группами ничего не делится: каждая получает всё.',
      watch: [
        'Вид топологии: у участников billing по 2 партиции, у analytics — по 3; одни и те же 6 партиций назначены дважды, независимо.',
        'График лага: у billing лаг держится около нуля, у analytics растёт равномерно — к концу прогона около пяти минут; друг на друга группы не влияют.',
        'Полоса счётчиков: billing применил все записи, analytics — меньше (он отстаёт, а не теряет), и у каждой группы свои закоммиченные оффсеты.',
      ],
      why:
        'Консьюмер-группа — это одна подписка: внутри неё у каждой партиции один читатель, и получается очередь с балансировкой; разные группы держат свои оффсеты в __consumer_offsets — и получается publish/subscribe. ' +
        'Одна группа — делим работу, разные группы — каждая получает всё. ' +
        'Консьюмеру analytics нужно разбирать 150 записей/с, а он успевает 125, так что группа отстаёт в сумме на ~50/с; лог хранит записи для всех, и медленная группа не может притормозить быструю.',
      fix: null,
      fixHint: null,
    },
  },

  {
    id: 'dead-producer',
    difficulty: 'basic',
    tags: ['kafka', 'monitoring', 'lag', 'dead-mans-switch'],
    fix: null,
    en: {
      title: 'A dead producer looks healthy',
      oneLine: 'The producer stops at t = 300 s: lag drops to zero and every lag dashboard turns green.',
      story:
        'Checkout writes 200 orders/s to 6 partitions, and 3 consumers keep up easily. ' +
        'At t = 300 s a bad deploy stops the producer. ' +
        'Nothing fails anywhere: the consumers finish the last records and wait.',
      watch: [
        'The lag chart: the lag falls to zero at t = 300 s and stays there — by any lag alert the system is perfectly healthy.',
        'The throughput chart: the input rate drops to 0 records/s — the only chart that shows the problem.',
        'The dead-producer indicator: no record for longer than ten expected intervals — it lights up and stays lit.',
        'The event log: a single WARN, “producer checkout stopped” — in production you would not even get that line.',
      ],
      why:
        'Lag measures what the consumers owe — log-end minus the committed offset — not whether anything arrives. ' +
        'A stopped producer is indistinguishable from a fast consumer: both give zero lag. ' +
        'So “lag is small” shows green with a completely dead producer, and silence needs its own alert: a dead-man’s switch on rate(messages_in) == 0 for longer than the expected interval.',
      fix: null,
      fixHint: null,
    },
    ru: {
      title: 'Мёртвый продюсер выглядит здоровым',
      oneLine: 'Продюсер остановился в t = 300 с: лаг упал до нуля, и все дашборды лага зелёные.',
      story:
        'Оформление заказа пишет 200 заказов/с в 6 партиций, и 3 консьюмера легко успевают. ' +
        'В момент t = 300 с неудачный деплой останавливает продюсер. ' +
        'Ошибок нигде нет: консьюмеры дочитывают последние записи и ждут.',
      watch: [
        'График лага: в t = 300 с лаг падает до нуля и там остаётся — по любому алерту на лаг система идеально здорова.',
        'График пропускной способности: входной поток падает до 0 записей/с — это единственный график, на котором видна проблема.',
        'Индикатор мёртвого продюсера: ни одной записи дольше десяти ожидаемых интервалов — он загорается и больше не гаснет.',
        'Журнал событий: одна строка WARN «producer checkout stopped» — в продакшне не было бы и её.',
      ],
      why:
        'Лаг показывает, сколько должны консьюмеры — log-end минус закоммиченный оффсет, — а не приходит ли что-нибудь вообще. ' +
        'Остановившийся продюсер неотличим от быстрого консьюмера: в обоих случаях лаг нулевой. ' +
        'Поэтому мониторинг «лаг маленький» показывает зелёный при полностью мёртвом продюсере, и нужен отдельный алерт — dead man’s switch на rate(messages_in) == 0 дольше ожидаемого интервала.',
      fix: null,
      fixHint: null,
    },
  },
  {
    id: 'add-partitions',
    difficulty: 'intermediate',
    tags: ['kafka', 'partitioning', 'keys', 'ordering'],
    fix: ['topic.partitions=8', 'faults=[]'],
    en: {
      title: 'Adding partitions moves keys',
      oneLine: 'A busy topic grows from 6 to 8 partitions: three keys in four move, and newer updates overtake older ones.',
      story:
        'A CRM sync reads user updates keyed by user_id from 6 partitions; its 4 consumers are busy and a backlog has built up. ' +
        'At t = 120 s someone grows the topic to 8 partitions “for more parallelism”. ' +
        'The default partitioner now maps keys by murmur2(key) % 8 instead of % 6, so for about three users in four the new updates land in a different partition from their older, still unprocessed ones.',
      watch: [
        'The counters strip: out-of-order applications jump right after t = 120 s — over two thousand by the end — with no losses and no errors.',
        'The event log: “Created 2 new partitions for topic orders: 6 → 8”, a rebalance, and “Found no committed offset for partition orders-6; resetting offset …” for the new partitions.',
        'The lag chart, per partition: the new partitions start empty and are read at once, while the old ones still carry the backlog — that is how newer updates get ahead.',
        'The topology view: after the rebalance 8 partitions are shared by the 4 consumers.',
      ],
      why:
        'Key → partition is a function of the key and the partition count; change the count and most keys map elsewhere. ' +
        'Records already written stay where they are — Kafka moves nothing — so a key’s history is split between two partitions that are read independently, while order holds only within a partition. ' +
        'The partition with less backlog wins the race, and until the old backlog drains, older updates are applied after newer ones; with auto.offset.reset=latest, records written to a new partition before the group noticed it would even be skipped (this run uses earliest).',
      fix:
        'Plan the partition count ahead: with 8 partitions from the start no key ever moves — 0 violations — and no backlog builds, since every consumer gets two partitions. ' +
        'If a keyed topic must grow: let the consumers drain first (stop the producers, wait for zero lag), or create a new topic and migrate, or make updates order-insensitive with versions. ' +
        'The partition count can be increased but never decreased.',
      fixHint: '8 partitions from the start',
    },
    ru: {
      title: 'Добавили партиции — ключи переехали',
      oneLine: 'Загруженный топик расширили с 6 до 8 партиций: три ключа из четырёх переехали, новое обгоняет старое.',
      story:
        'CRM-синхронизация читает обновления пользователей с ключом user_id из 6 партиций; 4 консьюмера загружены, и накопился бэклог. ' +
        'В момент t = 120 с топик расширяют до 8 партиций — «чтобы добавить параллелизма». ' +
        'Стандартный партиционер теперь считает murmur2(key) % 8 вместо % 6, и примерно у трёх пользователей из четырёх новые обновления попадают не в ту партицию, где ещё лежат их старые, необработанные.',
      watch: [
        'Полоса счётчиков: сразу после t = 120 с растут нарушения порядка — к концу их больше двух тысяч, — а потерь и ошибок нет.',
        'Журнал событий: «Created 2 new partitions for topic orders: 6 → 8», ребаланс и «Found no committed offset for partition orders-6; resetting offset …» для новых партиций.',
        'График лага по партициям: новые партиции начинают с нуля и читаются сразу, а на старых ещё висит бэклог — так новые обновления и вырываются вперёд.',
        'Вид топологии: после ребаланса 8 партиций делят 4 консьюмера.',
      ],
      why:
        'Соответствие «ключ → партиция» — функция ключа и числа партиций: меняется число — и большинство ключей уезжает в другие партиции. ' +
        'Уже записанные сообщения остаются на месте — Kafka ничего не переносит, — поэтому история ключа оказывается в двух партициях, которые читаются независимо, а порядок есть только внутри партиции. ' +
        'Выигрывает партиция с меньшим бэклогом, и пока старый бэклог не разобран, старые обновления применяются после новых; а с auto.offset.reset=latest записи, попавшие в новую партицию до того, как группа её заметила, были бы ещё и пропущены (здесь стоит earliest).',
      fix:
        'Планировать число партиций заранее: при 8 партициях с самого начала ни один ключ не переезжает — нарушений 0, — и бэклог не копится, потому что у каждого консьюмера по две партиции. ' +
        'Если топик с ключами всё-таки нужно расширить — сначала дать консьюмерам дочитать (остановить продюсеров, дождаться нулевого лага), либо завести новый топик и мигрировать, либо сделать обновления нечувствительными к порядку через версии. ' +
        'Увеличить число партиций можно, уменьшить — нельзя.',
      fixHint: '8 партиций с самого начала',
    },
  },

  // ─── Kafka: ordering and delivery ─────────────────────────────────────────────────────────
  {
    id: 'thread-pool-reorder',
    difficulty: 'intermediate',
    tags: ['kafka', 'ordering', 'consumer', 'concurrency'],
    fix: ['groups.0.processing.mode=keyed'],
    en: {
      title: 'A thread pool reorders updates',
      oneLine: 'A 16-thread pool applies two updates of one user out of order: the DB keeps the old e-mail, no errors.',
      story:
        'A user changes their e-mail to a@x.com and, 200 ms later, to b@x.com; both events land in the same partition, in the right order. ' +
        'The consumer hands each polled batch to 16 threads regardless of key, and now and then a thread stalls for 300 ms — a GC pause, a slow call. ' +
        'The later update finishes first, the earlier one overwrites it, and the database ends with a@x.com. ' +
        'Here 300 users send 400 updates/s in total, so updates of the same user come close enough to collide.',
      watch: [
        'The counters strip: ordering violations pass a hundred in five minutes; lost and duplicates stay at 0.',
        'The event log: not a single ERROR — both writes “succeeded”; in real life the only trace is a user’s complaint a week later.',
        'The lag chart: flat and healthy — the consumers are barely loaded; this is not a capacity problem.',
      ],
      why:
        'Kafka guarantees order only within a partition, and only the order of delivery: it hands the records over one after another. ' +
        'Once the consumer spreads them over a thread pool, the order of application is whatever the threads’ timing makes it — delivery order is not application order. ' +
        'A 300 ms stall is enough for a record 200 ms younger to overtake it; QueueLab counts a violation each time a record is applied after a newer record of the same key.',
      fix:
        'A keyed executor: dispatch by hash(key) % 16 to 16 workers with their own queues, so one key always goes to one thread, strictly in order, while different keys still run in parallel — violations drop to 0. ' +
        'The cost: a slow key delays the keys sharing its worker, and offsets may be committed only after every worker has drained. ' +
        'Alternatives: a version check (UPDATE … WHERE version < :v) or commutative operations, which make order irrelevant.',
      fixHint: 'keyed executor: hash(key) % 16',
    },
    ru: {
      title: 'Пул потоков переставил обновления',
      oneLine: 'Пул из 16 потоков применил два обновления одного пользователя не по порядку: в БД старый email, ошибок нет.',
      story:
        'Пользователь меняет email: сначала a@x.com, через 200 мс — b@x.com; оба события в одной партиции, порядок доставки правильный. ' +
        'Консьюмер раскладывает каждую пачку по 16 потокам без учёта ключа, и время от времени поток замирает на 300 мс — GC-пауза или медленный вызов. ' +
        'Позднее обновление применяется первым, раннее его перезаписывает, и в базе остаётся a@x.com. ' +
        'Здесь 300 пользователей присылают в сумме 400 обновлений/с, так что обновления одного пользователя идут достаточно часто, чтобы сталкиваться.',
      watch: [
        'Полоса счётчиков: нарушений порядка за пять минут набирается больше сотни; потерянных и дублей — 0.',
        'Журнал событий: ни одной строки ERROR — обе записи «прошли», обе вернули 200 OK; в жизни единственный след — жалоба пользователя через неделю.',
        'График лага: ровный и здоровый — консьюмеры почти не загружены, дело не в мощности.',
      ],
      why:
        'Kafka гарантирует порядок только внутри партиции и только порядок доставки: записи отдаются одна за другой. ' +
        'Как только консьюмер раскладывает их по пулу потоков, порядок применения определяется тем, какой поток успел первым, — порядок доставки не равен порядку применения. ' +
        'Паузы в 300 мс достаточно, чтобы запись, пришедшая на 200 мс позже, её обогнала; QueueLab засчитывает нарушение каждый раз, когда запись применяется после более новой записи с тем же ключом.',
      fix:
        'Keyed executor: диспетчеризация по hash(key) % 16 на 16 воркеров с собственными очередями — все сообщения одного ключа попадают в один поток и идут строго по порядку, а разные ключи по-прежнему обрабатываются параллельно; нарушений — 0. ' +
        'Цена: медленный ключ задерживает соседей по воркеру, а коммитить оффсет можно только после drain() всех очередей. ' +
        'Альтернативы — проверка версии (UPDATE … WHERE version < :v) или коммутативные операции, при которых порядок вообще перестаёт быть требованием.',
      fixHint: 'keyed executor: hash(key) % 16',
    },
  },
  {
    id: 'commit-before-processing',
    difficulty: 'intermediate',
    tags: ['kafka', 'delivery-semantics', 'offsets', 'at-most-once'],
    fix: ['groups.0.commit=after-processing'],
    en: {
      title: 'Commit before processing',
      oneLine: 'Offsets committed right after poll(): a crash mid-batch silently loses the rest of the batch.',
      story:
        'A ledger consumer commits the offsets of each batch right after poll() and only then processes it — at-most-once, whether anyone meant it or not. ' +
        'Payments arrive at 400/s on 2 partitions, and the group starts behind (its first rebalance takes 3 s), so the first polls return full batches of 500. ' +
        'At t = 4.5 s one consumer crashes in the middle of a batch and comes back 10 s later — from the committed offset, past records it never applied.',
      watch: [
        'The counters strip: lost jumps to about 200 after the crash and never goes back; duplicates stay at 0.',
        'The event log: a WARN about the crash, then an ordinary rejoin — no line says that anything was lost.',
        'The lag chart: after the restart it looks just as it would without the bug — the loss is invisible in the lag, because the skipped offsets count as done.',
      ],
      why:
        'The committed offset is the consumer’s promise to the group: “everything before this is done”. ' +
        'Committing before the work makes that promise false for the whole batch until the batch finishes; a crash in between leaves the rest of the batch behind the committed position, and nobody will ever read it again. ' +
        'Kafka has no per-message acks to catch this — the broker only knows the offset.',
      fix:
        'Commit after processing (at-least-once): nothing is lost, but the records processed since the last commit are applied again after the crash — a few hundred duplicates here. ' +
        'Make the handler idempotent (a processed_events(event_id) row in the same transaction as the business effect) and the duplicates become harmless: effectively-once.',
      fixHint: 'commit after processing',
    },
    ru: {
      title: 'Коммит до обработки',
      oneLine: 'Оффсеты коммитятся сразу после poll(): падение посреди пачки молча теряет её остаток.',
      story:
        'Консьюмер бухгалтерии коммитит оффсеты пачки сразу после poll() и только потом её обрабатывает — это at-most-once, хотел того кто-то или нет. ' +
        'Платежи идут 400/с в 2 партиции, и группа стартует с отставанием (первый ребаланс занимает 3 с), поэтому первые poll() возвращают полные пачки по 500 записей. ' +
        'В момент t = 4,5 с один консьюмер падает посреди пачки и возвращается через 10 с — с закоммиченного оффсета, то есть уже после записей, которые он так и не применил.',
      watch: [
        'Полоса счётчиков: после падения потерянных становится около 200, и больше эта цифра не меняется; дублей — 0.',
        'Журнал событий: WARN о падении, затем обычное возвращение в группу — ни одна строка не говорит о потере.',
        'График лага: после рестарта он выглядит так же, как без бага, — по лагу потерю не видно, ведь пропущенные оффсеты числятся обработанными.',
      ],
      why:
        'Закоммиченный оффсет — обещание консьюмера группе: «всё до этой позиции обработано». ' +
        'Коммит до обработки делает это обещание ложным для всей пачки, пока она не закончена; падение посередине оставляет остаток пачки позади закоммиченной позиции, и его больше никто не прочитает. ' +
        'Поштучных ack в Kafka нет, так что поймать это некому: брокер знает только оффсет.',
      fix:
        'Коммитить после обработки (at-least-once): ничего не теряется, но записи, обработанные после последнего коммита, после падения применяются ещё раз — здесь несколько сотен дублей. ' +
        'Сделать обработчик идемпотентным (строка в processed_events(event_id) в одной транзакции с бизнес-эффектом) — и дубли становятся безвредными: effectively-once.',
      fixHint: 'коммит после обработки',
    },
  },

  // ─── Kafka: failures, retries, dead letters ───────────────────────────────────────────────
  {
    id: 'poison-message',
    difficulty: 'intermediate',
    tags: ['kafka', 'poison-message', 'dlq', 'head-of-line-blocking'],
    fix: ['groups.0.retry={"mode":"retry-topics","maxAttempts":3,"dlq":true}'],
    en: {
      title: 'A poison message blocks its partition',
      oneLine: 'One unparseable record in orders-3: the consumer retries it forever and that partition’s lag grows linearly.',
      story:
        'At t = 60 s one record that the parser cannot read (a field that was not in the schema) lands in partition orders-3. ' +
        'The consumer has no retry policy: the exception escapes the poll loop, the offset is never committed past that record, and the consumer reads it again and again. ' +
        'The process is alive, the health check green, CPU at 100 % — and, as in the article, tens of thousands of identical error lines a minute.',
      watch: [
        'The event log: one ERROR line, “handler failed offset=… partition=orders-3: SerializationException”, folded with a count that grows by ~37,000 a minute — the same offset every time is the signature of a poison message.',
        'The lag chart, per partition: orders-3 grows linearly (~50 records/s, its share of 300/s); the other five partitions — even the other one owned by the same consumer — stay current.',
        'The counters strip: lost and duplicates 0, DLQ depth 0; only the lag age keeps growing, to minutes.',
      ],
      why:
        'A partition is an ordered log: record 5 cannot be skipped to get to record 6, so one record that always fails stops the whole partition — head-of-line blocking. ' +
        'Kafka has no built-in retries or dead letters; the consumer decides what happens on an error, and “throw and poll again” means re-reading the same offset forever. ' +
        'The blocking is per partition, which is why the rest of the topic looks perfectly healthy.',
      fix:
        'Limit the attempts and dead-letter: a permanent error (a record that cannot be deserialised) goes straight to orders.dlq with headers saying where it came from, transient errors are retried up to 3 times, and the partition moves on — DLQ depth 1, lag back near zero. ' +
        'The cost: the DLQ needs an owner — an alert on dlq_depth > 0 and a scripted replay — or it becomes a graveyard of data nobody can process any more.',
      fixHint: 'attempt limit + orders.dlq',
    },
    ru: {
      title: 'Ядовитое сообщение блокирует партицию',
      oneLine: 'Одна нечитаемая запись в orders-3: консьюмер повторяет её вечно, лаг этой партиции растёт линейно.',
      story:
        'В момент t = 60 с в партицию orders-3 попадает запись, которую парсер не может прочитать (поле, которого не было в схеме). ' +
        'Политики повторов у консьюмера нет: исключение вылетает из poll-цикла, оффсет за этой записью не коммитится, и консьюмер перечитывает её снова и снова. ' +
        'Процесс жив, health-check зелёный, CPU 100 % — и, как в статье, десятки тысяч одинаковых строк ошибки в минуту.',
      watch: [
        'Журнал событий: одна строка ERROR «handler failed offset=… partition=orders-3: SerializationException», свёрнутая со счётчиком, который растёт на ~37 000 в минуту; одинаковый offset в повторяющихся строках — сигнатура poison message.',
        'График лага по партициям: orders-3 растёт линейно (~50 записей/с, её доля от 300/с); остальные пять партиций — даже вторая партиция того же консьюмера — не отстают.',
        'Полоса счётчиков: потерь и дублей 0, глубина DLQ 0; растёт только возраст лага — до минут.',
      ],
      why:
        'Партиция — упорядоченный лог: сообщение №5 нельзя пропустить, чтобы взяться за №6, поэтому одна запись, которая всегда падает, останавливает всю партицию — head-of-line blocking. ' +
        'Встроенных ретраев и DLQ в Kafka нет: что делать с ошибкой, решает консьюмер, а «бросить исключение и снова вызвать poll» означает вечно перечитывать тот же оффсет. ' +
        'Блокировка — на уровне партиции, поэтому остальной топик выглядит совершенно здоровым.',
      fix:
        'Ограничить число попыток и завести DLQ: неповторяемая ошибка (запись не десериализуется) сразу уходит в orders.dlq с заголовками о том, откуда она, повторяемые ретраятся до 3 раз, а партиция идёт дальше — глубина DLQ 1, лаг снова около нуля. ' +
        'Цена — у DLQ должен быть владелец: алерт на dlq_depth > 0 и скрипт возврата, иначе через квартал это данные, которые уже нельзя обработать.',
      fixHint: 'лимит попыток + orders.dlq',
    },
  },
  {
    id: 'retry-topics',
    difficulty: 'intermediate',
    tags: ['kafka', 'retries', 'retry-topics', 'dlq', 'ordering'],
    fix: ['groups.0.retry.mode=in-place'],
    en: {
      title: 'Retry topics vs in-place retries',
      oneLine: 'Failed records go to orders.retry.5s, .1m, then .dlq: partitions never block, but per-key order breaks.',
      story:
        'Kafka has no built-in retries, so failed records are re-published to retry topics — orders.retry.5s, then orders.retry.1m, then orders.dlq — and a retry consumer waits until the record’s time plus the delay. ' +
        'Here 3 % of calls to a downstream CRM time out, and at t = 120 s the CRM is down for 20 s. ' +
        'The topic carries 200 profile updates/s, keyed by user, on 6 partitions.',
      watch: [
        'The lag chart: the main partitions never stop — the lag age stays within a few seconds even through the outage.',
        'The counters strip: out-of-order applications in the thousands and about a hundred records in the DLQ; lost stays 0.',
        'The event log: “handler failed … attempt=1: TimeoutException”, “sent to orders.retry.5s”, and later “sent to orders.retry.1m”.',
      ],
      why:
        'A retry topic takes the failed record out of its partition, commits past it and lets the partition go on, so one failure delays one record instead of blocking everything behind it. ' +
        'But the retried record comes back seconds or a minute later, through another topic, after newer updates of the same key have been applied: per-key order is broken. ' +
        'In-place retries keep order precisely because they hold the partition while they wait.',
      fix:
        'In-place retries with backoff keep per-key order — 0 violations — but every failure holds its whole partition: during the outage the lag climbs to minutes, and with 3 % failures and 1–2 s backoffs the group never catches up. ' +
        'Choose per topic: order-sensitive data with rare failures — retry in place; independent events — retry topics; or keep retry topics and make updates order-insensitive (apply only a newer version).',
      fixHint: 'in-place retries',
    },
    ru: {
      title: 'Retry-топики против повторов на месте',
      oneLine: 'Упавшие записи уходят в orders.retry.5s, .1m и .dlq: партиции не стоят, но порядок по ключу ломается.',
      story:
        'Встроенных ретраев в Kafka нет, поэтому упавшие записи публикуются в retry-топики — orders.retry.5s, затем orders.retry.1m, затем orders.dlq, — а консьюмер retry-топика перед обработкой ждёт до timestamp + delay. ' +
        'Здесь 3 % вызовов внешней CRM отваливаются по тайм-ауту, а в t = 120 с CRM лежит 20 с. ' +
        'В топике 200 обновлений профиля в секунду, ключ — пользователь, 6 партиций.',
      watch: [
        'График лага: основные партиции не останавливаются — возраст лага держится в пределах нескольких секунд даже во время сбоя.',
        'Полоса счётчиков: нарушений порядка — тысячи, в DLQ около сотни записей, потерянных 0.',
        'Журнал событий: «handler failed … attempt=1: TimeoutException», «sent to orders.retry.5s», позже «sent to orders.retry.1m».',
      ],
      why:
        'Retry-топик забирает упавшую запись из партиции, оффсет исходной коммитится, и партиция идёт дальше: одна ошибка стоит задержки одной записи, а не блокировки всех, кто за ней. ' +
        'Но повторённая запись возвращается через секунды или минуту, через другой топик, когда более новые обновления того же ключа уже применены, — порядок по ключу сломан. ' +
        'Повторы на месте сохраняют порядок ровно потому, что держат партицию, пока ждут.',
      fix:
        'Повторы на месте с backoff сохраняют порядок по ключу — нарушений 0, — но каждая ошибка держит всю партицию: во время сбоя лаг растёт до минут, а при 3 % ошибок и паузах по 1–2 с группа так и не догоняет поток. ' +
        'Выбирать по топику: данные, чувствительные к порядку, с редкими ошибками — повторы на месте; независимые события — retry-топики; либо оставить retry-топики и сделать обновления нечувствительными к порядку (применять только более новую версию).',
      fixHint: 'повторы на месте',
    },
  },

  // ─── Kafka: retention and rebalancing ────────────────────────────────────────────────────
  {
    id: 'retention-reset',
    difficulty: 'advanced',
    tags: ['kafka', 'retention', 'offsets', 'auto.offset.reset', 'data-loss'],
    fix: ['groups.0.auto.offset.reset=earliest'],
    en: {
      title: 'Down longer than retention',
      oneLine: 'Consumer away 8 min, retention 6 min, auto.offset.reset=latest: ~24,000 records skipped, two INFO lines.',
      story:
        'In the article a consumer was down for 8 hours on a topic with 6-hour retention; it came back, asked for an offset that no longer existed, and auto.offset.reset=latest silently skipped 3,070,897 messages. ' +
        'Here hours become minutes: retention.ms is 6 minutes, segments roll every minute, 50 orders/s arrive on 3 partitions, and the only consumer crashes at t = 120 s and returns 8 minutes later.',
      watch: [
        'The event log: at t ≈ 450 s the broker deletes the oldest segments (“Deleting segment … due to retention time”); at t = 600 s the consumer logs “Fetch position … is out of range” and “Resetting offset for partition orders-…” — both at INFO.',
        'The counters strip: skipped jumps to about 24,000 — everything produced while the consumer was away — while lost stays 0: the records were not lost, just never read.',
        'The lag chart: the lag grows for 8 minutes, then drops to zero in an instant — it looks like a fast recovery.',
      ],
      why:
        'A log broker does not know who has read what: it deletes closed segments once they are older than retention.ms, checking every log.retention.check.interval.ms. ' +
        'The consumer’s committed offset then points below the start of the log, the fetch fails with OffsetOutOfRange, and the client applies auto.offset.reset. ' +
        'latest — Kafka’s default — jumps to the end of the log, past everything still on disk, not only past the deleted part.',
      fix:
        'auto.offset.reset=earliest: the consumer restarts from the oldest record retention kept and replays the rest — only the deleted segments, about a minute of data here (~3,000 records), are gone. ' +
        'The cost: a burst of catch-up work and old events arriving late. ' +
        'Either way, alert on the reset itself — it is an incident, not INFO — and size retention with a margin over the longest outage you expect.',
      fixHint: 'auto.offset.reset=earliest',
    },
    ru: {
      title: 'Простой дольше retention',
      oneLine: 'Консьюмер лежал 8 мин при retention 6 мин, auto.offset.reset=latest: ~24 000 записей пропущено молча.',
      story:
        'В статье консьюмер лежал 8 часов при retention 6 часов; вернувшись, он запросил оффсет, которого уже нет, и auto.offset.reset=latest молча пропустил 3 070 897 сообщений. ' +
        'Здесь часы превращены в минуты: retention.ms — 6 минут, сегменты закрываются каждую минуту, 50 заказов/с идут в 3 партиции, а единственный консьюмер падает в t = 120 с и возвращается через 8 минут.',
      watch: [
        'Журнал событий: около t = 450 с брокер удаляет старые сегменты («Deleting segment … due to retention time»), в t = 600 с консьюмер пишет «Fetch position … is out of range» и «Resetting offset for partition orders-…» — обе строки уровня INFO.',
        'Полоса счётчиков: пропущенных становится около 24 000 — всё, что пришло, пока консьюмер лежал, — а потерянных 0: записи не потеряны, их просто никто не прочитал.',
        'График лага: 8 минут лаг растёт, потом мгновенно падает до нуля — со стороны это выглядит как быстрое восстановление.',
      ],
      why:
        'Лог-брокер не знает, кто что прочитал: он удаляет закрытые сегменты, как только они старше retention.ms, с проверкой раз в log.retention.check.interval.ms. ' +
        'Закоммиченный оффсет консьюмера оказывается ниже начала лога, fetch получает OffsetOutOfRange, и клиент применяет auto.offset.reset. ' +
        'Значение latest — дефолт Kafka — прыгает в конец лога, мимо всего, что ещё лежит на диске, а не только мимо удалённого.',
      fix:
        'auto.offset.reset=earliest: консьюмер начинает с самой старой записи, которую сохранил retention, и переигрывает остальное — пропадают только удалённые сегменты, здесь около минуты данных (~3000 записей). ' +
        'Цена — всплеск догоняющей работы и старые события, приходящие с опозданием. ' +
        'В любом случае нужен алерт на сам факт resetting offset — это событие уровня инцидента, а не INFO, — и retention с запасом относительно самого долгого простоя.',
      fixHint: 'auto.offset.reset=earliest',
    },
  },
  {
    id: 'rebalance-storm',
    difficulty: 'advanced',
    tags: ['kafka', 'rebalance', 'max.poll.interval.ms', 'duplicates'],
    fix: ['groups.0.max.poll.records=50'],
    en: {
      title: 'Rebalance storm',
      oneLine: '500 records × 700 ms = 350 s > max.poll.interval.ms: members drop out, redo work, and do it again.',
      story:
        'Rendering a report takes about 700 ms, and poll() hands out up to max.poll.records = 500 of them: a full batch needs ~350 s, longer than max.poll.interval.ms = 300 s. ' +
        'The article’s normal case was 500 × 100 ms = 50 s; degraded processing turned it into a storm. ' +
        'Three renderers read 6 partitions at 5 reports/s for one simulated hour; that is a little more than three consumers at 0.7 s can do (~4.3/s), so a backlog builds up and the batches grow full.',
      watch: [
        'The event log: quiet for the first half hour; then “consumer poll timeout has expired”, “sending LeaveGroup” and “Offset commit failed: CommitFailedException”, again and again.',
        'The counters strip: rebalances climb, commit failures and duplicates appear (thousands of reports rendered twice), and the hour’s throughput ends at ~2.8/s against a capacity of ~4.3/s.',
        'The topology view: members leave and rejoin, partitions jump between owners, and at times a member sits with nothing.',
        'The lag chart: once the storm starts, the lag grows much faster.',
      ],
      why:
        'max.poll.interval.ms bounds the time between two poll() calls: it is not about liveness (that is session.timeout.ms and heartbeats) but about processing speed — “alive but not coping”. ' +
        'When a batch takes longer, the client sends LeaveGroup, the group rebalances and the partitions go to another member, which starts from the last committed offset and redoes the work; the old member’s commit fails when it finally finishes. ' +
        'It rejoins, gets a full batch again, and the cycle repeats.',
      fix:
        'max.poll.records = 50: a batch takes ~35 s, far inside the 300 s limit — one rebalance, no duplicates, and throughput back at capacity (~4.3/s). ' +
        'Note that 5/s is still more than 4.3/s, so the lag keeps growing slowly: that is a capacity problem, solved with more consumers (up to the 6 partitions). ' +
        'Other levers: a longer max.poll.interval.ms (a truly stuck consumer is noticed later) or moving slow work off the poll loop with pause()/resume().',
      fixHint: 'max.poll.records = 50',
    },
    ru: {
      title: 'Шторм ребалансов',
      oneLine: '500 записей × 700 мс = 350 с > max.poll.interval.ms: консьюмеры вылетают, переделывают работу — и снова.',
      story:
        'Рендер отчёта занимает около 700 мс, а poll() выдаёт до max.poll.records = 500 записей: полная пачка — это ~350 с, больше, чем max.poll.interval.ms = 300 с. ' +
        'В статье нормой было 500 записей по 100 мс = 50 секунд; деградация обработки превратила это в шторм. ' +
        'Три рендерера читают 6 партиций, 5 отчётов/с, прогон — один модельный час; это чуть больше, чем успевают три консьюмера по 0,7 с (~4,3/с), поэтому копится бэклог и пачки становятся полными.',
      watch: [
        'Журнал событий: первые полчаса тихо, потом «consumer poll timeout has expired», «sending LeaveGroup» и «Offset commit failed: CommitFailedException» — снова и снова.',
        'Полоса счётчиков: растут ребалансы, появляются неудачные коммиты и дубли (тысячи отчётов отрендерены дважды), а выходной поток за час — ~2,8/с при мощности ~4,3/с.',
        'Вид топологии: участники выходят и возвращаются, партиции скачут между владельцами, временами консьюмер сидит без партиций.',
        'График лага: с началом шторма лаг растёт заметно быстрее.',
      ],
      why:
        'max.poll.interval.ms ограничивает время между двумя вызовами poll(): это не про живость процесса (за неё отвечают session.timeout.ms и heartbeat), а про скорость обработки — «жив, но не справляется». ' +
        'Если пачка обрабатывается дольше, клиент шлёт LeaveGroup, группа уходит в ребаланс, партиции достаются другому участнику, и тот начинает с последнего закоммиченного оффсета — переделывает ту же работу; коммит старого участника, когда он наконец закончит, падает. ' +
        'Он возвращается в группу, снова получает полную пачку — и цикл повторяется.',
      fix:
        'max.poll.records = 50: пачка занимает ~35 с, с большим запасом до лимита в 300 с — один ребаланс, ни одного дубля, выходной поток возвращается к мощности (~4,3/с). ' +
        'Учтите: 5/с всё ещё больше 4,3/с, так что лаг продолжает медленно расти — это уже вопрос мощности, он решается консьюмерами (до 6, по числу партиций). ' +
        'Другие рычаги: больший max.poll.interval.ms (зависший консьюмер обнаруживается позже) или вынос долгой работы из poll-цикла с pause()/resume().',
      fixHint: 'max.poll.records = 50',
    },
  },
  {
    id: 'eager-vs-cooperative',
    difficulty: 'advanced',
    tags: ['kafka', 'rebalance', 'assignor', 'static-membership', 'deploy'],
    fix: ['groups.0.partition.assignment.strategy=cooperative-sticky'],
    en: {
      title: 'Rolling restart: eager vs cooperative',
      oneLine: 'Six consumers restarted one by one: every eager rebalance stops all 12 partitions.',
      story:
        'A rolling deploy restarts the six consumers of a 12-partition topic one after another, 60 s apart; each is down for 10 s. ' +
        'The group uses the eager range assignor, so every departure and every return is a stop-the-world rebalance — 12 of them, plus the group’s first. ' +
        'Orders keep arriving at 400/s throughout.',
      watch: [
        'The counters strip: 13 rebalances and ~240 partition-seconds of paused reading — each rebalance stops all 12 partitions.',
        'The lag chart: a spike at every departure and every return.',
        'The event log: “Revoke previously assigned partitions” on every member, not only on the one being restarted.',
        'The topology view: with eager, the whole assignment is torn down and rebuilt each time; turn on the fix and only the partitions that change owner stop — the rest keep being read.',
      ],
      why:
        'In the eager protocol every member gives up all its partitions before the new assignment is computed, so nothing is read until the group has stabilised — even partitions whose owner does not change. ' +
        'cooperative-sticky rebalances incrementally: members keep what stays theirs and only the partitions that actually move are revoked, at the cost of a second rebalance round. ' +
        'With the classic group protocol the Java client’s default is [range, cooperative-sticky], which stays eager until range is removed; Kafka 4’s new protocol (group.protocol=consumer, KIP-848) moves assignment to the broker and makes rebalances incremental.',
      fix:
        'partition.assignment.strategy=cooperative-sticky: paused time falls to about a third (~80 partition-seconds), although the rebalance counter goes up because a move takes two rounds. ' +
        'Static membership (group.instance.id) goes further: a member back within session.timeout.ms keeps its partitions and no rebalance happens at all — but its own partitions wait the 10 s it is away.',
      fixHint: 'cooperative-sticky',
    },
    ru: {
      title: 'Rolling restart: eager против cooperative',
      oneLine: 'Шесть консьюмеров перезапускают по очереди: каждый eager-ребаланс останавливает все 12 партиций.',
      story:
        'Rolling-деплой перезапускает шесть консьюмеров топика из 12 партиций по одному, с интервалом 60 с; каждый лежит 10 с. ' +
        'Группа использует eager-стратегию range, поэтому каждый уход и каждое возвращение — ребаланс Stop-The-World: 12 ребалансов плюс первый, при старте группы. ' +
        'Заказы всё это время идут с интенсивностью 400/с.',
      watch: [
        'Полоса счётчиков: 13 ребалансов и ~240 партиция-секунд простоя чтения — каждый ребаланс останавливает все 12 партиций.',
        'График лага: всплеск при каждом уходе и каждом возвращении.',
        'Журнал событий: «Revoke previously assigned partitions» у каждого участника, а не только у перезапускаемого.',
        'Вид топологии: при eager всё назначение каждый раз разбирается и собирается заново; включите исправление — и останавливаются только партиции, которые меняют владельца, остальные продолжают читаться.',
      ],
      why:
        'В eager-протоколе каждый участник отдаёт все свои партиции до того, как посчитано новое назначение, поэтому чтение стоит, пока группа не стабилизируется, — даже у партиций, владелец которых не меняется. ' +
        'cooperative-sticky делает ребаланс инкрементальным: участники сохраняют то, что остаётся за ними, отзываются только реально переезжающие партиции — ценой второго раунда ребаланса. ' +
        'В классическом протоколе групп дефолт Java-клиента — [range, cooperative-sticky], и группа остаётся eager, пока range не убрать из списка; новый протокол Kafka 4 (group.protocol=consumer, KIP-848) переносит назначение на брокера и делает ребаланс инкрементальным.',
      fix:
        'partition.assignment.strategy=cooperative-sticky: простой падает примерно втрое (~80 партиция-секунд), хотя счётчик ребалансов растёт — переезд идёт в два раунда. ' +
        'Static membership (group.instance.id) идёт дальше: консьюмер, вернувшийся в пределах session.timeout.ms, сохраняет свои партиции, и ребаланс не запускается вовсе — но его собственные партиции ждут те 10 с, пока его нет.',
      fixHint: 'cooperative-sticky',
    },
  },
];

export const SCENARIO_CONTENT: Record<string, ScenarioContent> = Object.fromEntries(CONTENT.map((c) => [c.id, c]));

/** The teaching text of scenario `id`, if it has any. */
export function contentFor(id: string): ScenarioContent | undefined {
  return Object.hasOwn(SCENARIO_CONTENT, id) ? SCENARIO_CONTENT[id] : undefined;
}
