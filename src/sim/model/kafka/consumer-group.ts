/**
 * A Kafka consumer group (see group/group.ts for how it is split into the group coordinator, the
 * members' poll loops, the executors, failure handling and statistics).
 */
export { ConsumerGroup } from './group/group.ts';
export type { AutoscalerConfig, AutoscalerStats, CommitMode, DlqRecord, GroupConfig, GroupHost, GroupStats, GroupTiming, MemberState, ProcessingMode, RetryConfig, SlowWindow } from './group/types.ts';
