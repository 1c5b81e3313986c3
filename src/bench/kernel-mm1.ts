/**
 * The benchmark model for the kernel itself: `stations` independent M/M/1 queues on one
 * {@link Simulation}, each with its own arrival and service streams, keeping only counters — the
 * same work as the baseline loop, but through the kernel's API (handlers, total order, streams,
 * distributions).
 */
import { Simulation } from '../sim/kernel/simulation.ts';
import { RngStreams } from '../sim/kernel/rng.ts';
import { makeDistribution } from '../sim/kernel/distributions.ts';

export function kernelMM1(stations: number, customers: number, lambda: number, mu: number, seed: number): { events: number; checksum: number } {
  const sim = new Simulation();
  const streams = new RngStreams(seed);
  const arrivalRng = Array.from({ length: stations }, (_, i) => streams.stream('arrivals', i));
  const serviceRng = Array.from({ length: stations }, (_, i) => streams.stream('service', i));
  const inter = makeDistribution({ type: 'exponential', mean: 1 / lambda });
  const service = makeDistribution({ type: 'exponential', mean: 1 / mu });
  const inSys = new Int32Array(stations);
  let arrivals = 0;
  let checksum = 0;
  let kArrival = 0;
  let kDeparture = 0;
  kArrival = sim.register('arrival', (s) => {
    arrivals++;
    sim.schedule(inter.sample(arrivalRng[s]), kArrival, s);
    if (++inSys[s] === 1) sim.schedule(service.sample(serviceRng[s]), kDeparture, s);
  });
  kDeparture = sim.register('departure', (s) => {
    checksum += sim.now;
    if (--inSys[s] > 0) sim.schedule(service.sample(serviceRng[s]), kDeparture, s);
  });
  for (let s = 0; s < stations; s++) sim.schedule(inter.sample(arrivalRng[s]), kArrival, s);
  while (arrivals < customers) sim.run(Infinity, 65536);
  return { events: sim.events, checksum };
}
