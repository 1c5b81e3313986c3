/** Every settings section of the Kafka page, in order: ./settings.ts's and, after the retries, the autoscaler's. */
import type { SettingsSection } from '../../settings/types.ts';
import { AUTOSCALER_SECTION } from './autoscaler-settings.ts';
import { KAFKA_CORE_SETTINGS } from './settings.ts';

const afterRetry = KAFKA_CORE_SETTINGS.findIndex((s) => s.id === 'retry') + 1;

export const KAFKA_SETTINGS: readonly SettingsSection[] = [...KAFKA_CORE_SETTINGS.slice(0, afterRetry), AUTOSCALER_SECTION, ...KAFKA_CORE_SETTINGS.slice(afterRetry)];
