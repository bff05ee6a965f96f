import { Counter, Histogram, Registry, collectDefaultMetrics, type CounterConfiguration, type HistogramConfiguration } from 'prom-client';

/**
 * One registry per process (not prom-client's global one) so tests that boot several apps in
 * one worker don't collide on metric names.
 */
export function createMetricsRegistry(service: string, withDefaults = true): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  if (withDefaults) collectDefaultMetrics({ register: registry });
  return registry;
}

/** Get-or-create, so modules can ask for a metric without caring who registered it first. */
export function counter<T extends string>(registry: Registry, config: CounterConfiguration<T>): Counter<T> {
  const existing = registry.getSingleMetric(config.name);
  if (existing) return existing as Counter<T>;
  return new Counter<T>({ ...config, registers: [registry] });
}

export function histogram<T extends string>(registry: Registry, config: HistogramConfiguration<T>): Histogram<T> {
  const existing = registry.getSingleMetric(config.name);
  if (existing) return existing as Histogram<T>;
  return new Histogram<T>({ ...config, registers: [registry] });
}
