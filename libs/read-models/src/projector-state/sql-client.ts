import type { DataSource } from 'typeorm';

/**
 * What the projector-state functions run on: pg's Pool, PoolClient and Client fit as they are
 * (the projector), and sqlClientOf turns the API's TypeORM DataSource into one.
 */
export interface SqlClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>>; rowCount: number | null }>;
}

export function sqlClientOf(dataSource: DataSource): SqlClient {
  return {
    async query(text, params) {
      const runner = dataSource.createQueryRunner();
      try {
        // Structured: rows for every statement (a bare dataSource.query answers an UPDATE with [rows, count]).
        const result = await runner.query(text, params, true);
        return { rows: result.records ?? [], rowCount: result.affected ?? null };
      } finally {
        await runner.release();
      }
    },
  };
}
