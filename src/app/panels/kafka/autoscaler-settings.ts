/**
 * The settings of a consumer group's lag-driven autoscaler (KEDA's Kafka trigger and ScaledObject,
 * the HPA), in a module of their own: the queue model's panels share the producer section of
 * ./settings.ts, and these words are the Kafka page's alone.
 */
import type { FieldSpec, SettingsSection } from '../../settings/types.ts';

/** Shown only while the group's autoscaler is on. */
const whenScaled = { path: 'groups.{i}.autoscaler.enabled', is: true } as const;

/**
 * The lag-driven autoscaler of a group: KEDA's Kafka trigger and ScaledObject fields and the HPA's,
 * under the names KEDA and Kubernetes give them; `podStartup` is QueueLab's assumption.
 */
const autoscalerFields: readonly FieldSpec[] = [
  {
    path: 'groups.{i}.autoscaler.enabled',
    label: { en: 'Autoscale on lag', ru: 'Масштабировать по лагу' },
    hint: { en: 'A KEDA ScaledObject with a Kafka trigger scales the group’s deployment: each pod is one member', ru: 'KEDA ScaledObject с Kafka-триггером масштабирует деплоймент группы: каждый под — один участник' },
  },
  {
    path: 'groups.{i}.autoscaler.lagThreshold',
    label: { en: 'Lag per replica', ru: 'Лаг на реплику' },
    hint: { en: 'Target total lag per pod: the HPA asks for ceil(total lag / lagThreshold) replicas', ru: 'Целевой суммарный лаг на под: HPA просит ceil(суммарный лаг / lagThreshold) реплик' },
    config: true,
    unit: { en: 'records', ru: 'записей' },
    when: whenScaled,
  },
  {
    path: 'groups.{i}.autoscaler.activationLagThreshold',
    label: { en: 'Activation lag', ru: 'Лаг активации' },
    hint: { en: 'Above this total lag the trigger is active: it scales up from zero; below it, down to zero after the cooldown', ru: 'Выше этого суммарного лага триггер активен: поднимает с нуля; ниже — опускает до нуля после cooldown' },
    config: true,
    unit: { en: 'records', ru: 'записей' },
    when: whenScaled,
  },
  {
    path: 'groups.{i}.autoscaler.allowIdleConsumers',
    label: { en: 'Allow idle consumers', ru: 'Разрешить простаивающих' },
    hint: { en: 'Off (KEDA’s default): never more replicas than partitions. On: up to maxReplicaCount, the extra pods idle', ru: 'Выкл. (по умолчанию в KEDA): реплик не больше, чем партиций. Вкл.: до maxReplicaCount, лишние поды простаивают' },
    config: true,
    when: whenScaled,
  },
  {
    path: 'groups.{i}.autoscaler.limitToPartitionsWithLag',
    label: { en: 'Only partitions with lag', ru: 'Только партиции с лагом' },
    hint: { en: 'Never more replicas than partitions that have lag (not with allowIdleConsumers)', ru: 'Реплик не больше, чем партиций с лагом (не вместе с allowIdleConsumers)' },
    config: true,
    when: whenScaled,
  },
  {
    path: 'groups.{i}.autoscaler.minReplicaCount',
    label: { en: 'Fewest pods', ru: 'Минимум подов' },
    hint: { en: '0 lets KEDA scale the group to zero when the trigger is inactive', ru: '0 позволяет KEDA опустить группу до нуля, когда триггер неактивен' },
    config: true,
    when: whenScaled,
  },
  {
    path: 'groups.{i}.autoscaler.maxReplicaCount',
    label: { en: 'Most pods', ru: 'Максимум подов' },
    hint: { en: 'The HPA never asks for more', ru: 'Больше HPA не попросит' },
    config: true,
    when: whenScaled,
  },
  {
    path: 'groups.{i}.autoscaler.pollingInterval',
    label: { en: 'KEDA polling interval', ru: 'Опрос KEDA' },
    hint: { en: 'How often KEDA checks the trigger (scaling from and to zero)', ru: 'Как часто KEDA проверяет триггер (подъём с нуля и спуск до нуля)' },
    config: true,
    when: whenScaled,
  },
  {
    path: 'groups.{i}.autoscaler.cooldownPeriod',
    label: { en: 'Cooldown to zero', ru: 'Ожидание до нуля' },
    hint: { en: 'With minReplicaCount 0: how long after the trigger was last active KEDA scales to zero', ru: 'При minReplicaCount 0: через сколько после последней активности триггера KEDA опускает до нуля' },
    config: true,
    when: whenScaled,
  },
  {
    path: 'groups.{i}.autoscaler.stabilizationWindowSeconds',
    label: { en: 'Scale-down window', ru: 'Окно перед уменьшением' },
    hint: { en: 'The HPA scales down only to the highest recommendation of this window (behavior.scaleDown)', ru: 'HPA уменьшает только до наибольшей рекомендации за это окно (behavior.scaleDown)' },
    config: 'scaleDown.stabilizationWindowSeconds',
    when: whenScaled,
  },
  {
    path: 'groups.{i}.autoscaler.horizontal-pod-autoscaler-sync-period',
    label: { en: 'HPA sync period', ru: 'Период HPA' },
    hint: { en: 'How often the HPA controller reconciles (kube-controller-manager flag)', ru: 'Как часто контроллер HPA пересчитывает (флаг kube-controller-manager)' },
    config: true,
    when: whenScaled,
  },
  {
    path: 'groups.{i}.autoscaler.podStartup',
    label: { en: 'Pod start-up', ru: 'Запуск пода' },
    hint: { en: 'QueueLab’s assumption: from a scale-up until the new consumer runs (scheduling, image, JVM)', ru: 'Допущение QueueLab: от решения о масштабировании до запуска консьюмера (планирование, образ, JVM)' },
    when: whenScaled,
  },
];

export const AUTOSCALER_SECTION: SettingsSection = {
  id: 'autoscaler',
  each: 'groups',
  title: { en: 'Autoscaler (KEDA + HPA)', ru: 'Автоскейлер (KEDA + HPA)' },
  code: 'groups.{i}.group.id',
  fields: autoscalerFields,
};
