/** compression.type of the cluster model's producers (Kafka's codecs; default none). */
export const COMPRESSION_TYPES = ['none', 'gzip', 'snappy', 'lz4', 'zstd'] as const;
export type CompressionType = (typeof COMPRESSION_TYPES)[number];

/**
 * QueueLab's assumptions (not Kafka's numbers: real ratios depend on the data, real speeds on the
 * CPU and the level): the size of a compressed batch over its uncompressed size for text-like
 * records (JSON, logs), and the producer's CPU time to compress one byte. Kafka's own order holds:
 * gzip and zstd shrink most, zstd far faster than gzip; lz4 and snappy are fastest and shrink less.
 */
export const COMPRESSION: Record<CompressionType, { ratio: number; nsPerByte: number }> = {
  none: { ratio: 1, nsPerByte: 0 },
  gzip: { ratio: 0.3, nsPerByte: 10 },
  snappy: { ratio: 0.5, nsPerByte: 2 },
  lz4: { ratio: 0.45, nsPerByte: 1.5 },
  zstd: { ratio: 0.28, nsPerByte: 4 },
};
